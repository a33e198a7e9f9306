import type { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { start as startLocalGateway, type RunningGateway } from "../local-gateway/index.ts";
import type { GatewayConfigInput } from "../local-gateway/config.ts";
import type { AppInfo } from "../../shared/ipc/app-info.ts";
import { BudgetService } from "./budget/budget-service.ts";
import { ChatService } from "./chat/chat-service.ts";
import { ConversationStore } from "./chat/conversation-store.ts";
import { GatewayClient } from "./gateway-client/gateway-client.ts";
import { openAppDatabase } from "./store/app-database.ts";
import { loggingFetch } from "./store/request-log.ts";
import { StreamHub } from "./streams/stream-hub.ts";
import { ProfileVault } from "./vault/profile-vault.ts";
import type { SecretCipher } from "./vault/secret-cipher.ts";
import type { SettingsStore } from "./vault/settings-store.ts";

/** What the host (Electron or the web host) provides to the services. */
export interface AppEnvironment {
  readonly host: AppInfo["host"];
  readonly version: string;
  readonly dataDir: string;
  readonly settings: SettingsStore;
  readonly cipher: SecretCipher;
  readonly fetch: typeof fetch;
}

export interface AppServicesOptions {
  /** Use this gateway as the active profile instead of starting the embedded one. */
  readonly profile?: { readonly baseUrl: string; readonly key: string };
  /** Overrides for the embedded gateway (e.g. a faster timeScale). */
  readonly localGatewayConfig?: GatewayConfigInput;
}

export interface AppServices {
  readonly info: AppInfo;
  readonly db: DatabaseSync;
  readonly vault: ProfileVault;
  readonly budget: BudgetService;
  readonly streams: StreamHub;
  readonly conversations: ConversationStore;
  readonly chat: ChatService;
  readonly localGateway: RunningGateway | null;
  clientFor(profileId: string): GatewayClient;
  close(): Promise<void>;
}

/** Builds every main-process service; the same composition runs inside Electron and in the web host. */
export async function startAppServices(env: AppEnvironment, options: AppServicesOptions = {}): Promise<AppServices> {
  const db = openAppDatabase(join(env.dataDir, "modeldesk.sqlite"));
  const vault = new ProfileVault(env.settings, env.cipher);
  let localGateway: RunningGateway | null = null;
  if (options.profile) {
    const view = vault.save({
      ...vault.findByBaseUrl(options.profile.baseUrl),
      name: `Gateway at ${new URL(options.profile.baseUrl).host}`,
      baseUrl: options.profile.baseUrl,
      auth: "bearer",
      key: options.profile.key,
    });
    vault.select(view.id);
  } else {
    localGateway = await startLocalGateway({
      port: 0,
      dataDir: join(env.dataDir, "local-gateway"),
      config: options.localGatewayConfig ?? {},
    });
    vault.ensureBuiltInProfile(localGateway.url, localGateway.demoKey!);
  }
  const clientFor = (profileId: string) =>
    new GatewayClient(vault.credentials(profileId), { fetch: loggingFetch(db, profileId, env.fetch) });
  const streams = new StreamHub();
  const conversations = new ConversationStore(db);
  return {
    info: { version: env.version, host: env.host, platform: process.platform, keyStorage: env.cipher.storage },
    db,
    vault,
    budget: new BudgetService(db, clientFor),
    streams,
    conversations,
    chat: new ChatService(conversations, streams, vault, clientFor),
    localGateway,
    clientFor,
    async close() {
      await localGateway?.close();
      db.close();
    },
  };
}
