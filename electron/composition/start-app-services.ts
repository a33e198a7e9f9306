import { join } from "node:path";
import { CapabilityStore } from "../services/capabilities/capability-store.ts";
import { LedgerStore } from "../services/ledger/ledger-store.ts";
import { readRetention } from "../services/ledger/ledger-retention.ts";
import { MediaLibrary } from "../services/media/media-library.ts";
import { openAppDatabase } from "../services/store/app-database.ts";
import { DATA_FILES } from "../services/store/data-files.ts";
import { IdleCheckpoints } from "../services/store/idle-checkpoints.ts";
import { restrictToOwner } from "../services/store/owner-only.ts";
import { guardedResultFetch } from "../services/tasks/result-fetch.ts";
import { TaskEngine } from "../services/tasks/task-engine.ts";
import { TaskTable } from "../services/tasks/task-table.ts";
import { ProfileVault } from "../services/vault/profile-vault.ts";
import type { AppServices } from "../services/app-services.ts";
import { startActiveProfile } from "./active-profile.ts";
import type { AppEnvironment, AppServicesOptions } from "./app-environment.ts";
import { AppEventHub } from "./app-events.ts";
import { startAfterStartWork } from "./after-start-work.ts";
import { chatServices } from "./chat-services.ts";
import { gatewayAccess } from "./gateway-access.ts";
import { spendServices } from "./spend-services.ts";

export type { AppEnvironment, AppServicesOptions } from "./app-environment.ts";

/**
 * Builds every main-process service; the same composition runs inside Electron and in the web host.
 * Its parts: the profile the app starts on (active-profile.ts), each profile's way to its gateway
 * (gateway-access.ts), spend (spend-services.ts), chat (chat-services.ts), tasks and media here,
 * and the work left for after the start (after-start-work.ts).
 */
export async function startAppServices(env: AppEnvironment, options: AppServicesOptions = {}): Promise<AppServices> {
  const giveWay = async () => {
    if (options.giveWay) await options.giveWay();
  };
  // The host checked the files before opening them (checkDataFiles); the upkeep reads the database
  // whole and backs the files up once the services are ready.
  const db = openAppDatabase(join(env.dataDir, DATA_FILES.database));
  restrictToOwner(env.dataDir);
  const checkpoints = new IdleCheckpoints(db);
  const ledger = new LedgerStore(db);
  ledger.settleLeftovers();
  const vault = new ProfileVault(env.settings, env.cipher);
  const localGateway = await startActiveProfile(vault, env.dataDir, options);
  await giveWay();
  const events = new AppEventHub();
  const capabilityStore = new CapabilityStore(db, (capabilities) =>
    events.tell((listener) => listener.capabilitiesChanged?.(capabilities)),
  );
  const access = gatewayAccess({
    db,
    vault,
    fetch: env.fetch,
    capabilityStore,
    ...(options.answerLimits ? { answerLimits: options.answerLimits } : {}),
    // Each logged call tells the balance sampler when its cost can be measured.
    onActivity: (profileId, settlesIn) => spend.sampler.noteActivity(profileId, settlesIn),
  });
  const spend = spendServices({
    db,
    ledger,
    vault,
    capabilityStore,
    access,
    events,
    ...(options.samplerTiming ? { samplerTiming: options.samplerTiming } : {}),
  });
  await giveWay();
  const media = new MediaLibrary(db, join(env.dataDir, "media"), env.mediaSrc, (change) =>
    events.tell((listener) => listener.galleryChanged?.(change)),
  );
  const tasks = new TaskEngine({
    tasks: new TaskTable(db),
    media,
    clientFor: access.clientFor,
    download: guardedResultFetch,
    profileBaseUrl: (profileId) => vault.credentials(profileId).baseUrl,
    resultOrigins: (profileId) => vault.resultOriginsOf(profileId),
    ...(options.pollTiming ? { timing: options.pollTiming } : {}),
    profileSettings: (profileId) => ({ ...vault.taskSettings(profileId), rpm: vault.rpmOf(profileId) }),
    busyOf: access.busyOf,
    onTaskChanged: (view) => events.tell((listener) => listener.taskChanged?.(view)),
  });
  await giveWay();
  tasks.resume();
  await giveWay();
  const chat = chatServices({
    db,
    env,
    vault,
    capabilityStore,
    prices: spend.prices,
    clientFor: access.clientFor,
    ...(options.mcpTiming ? { mcpTiming: options.mcpTiming } : {}),
  });
  await giveWay();
  const afterStart = startAfterStartWork(env.dataDir, db, readRetention(env.settings), {
    changed: (state) => events.tell((listener) => listener.dataUpkeepChanged?.(state)),
    damaged: () => events.tell((listener) => listener.dataDamaged?.()),
  });
  return {
    info: { version: env.version, host: env.host, platform: process.platform, keyStorage: env.cipher.storage },
    db,
    vault,
    budget: spend.budget,
    monitor: spend.monitor,
    settings: env.settings,
    headroom: access.headroom,
    ledger,
    prices: spend.prices,
    costs: spend.costs,
    streams: chat.streams,
    conversations: chat.conversations,
    assistants: chat.assistants,
    chat: chat.chat,
    documents: chat.documents,
    compare: chat.compare,
    tasks,
    media,
    capabilities: spend.capabilities,
    mcp: chat.mcp,
    tooling: chat.tooling,
    conversationTools: chat.conversationTools,
    localGateway,
    upkeep: afterStart.upkeep,
    clientFor: access.clientFor,
    subscribe: (listener) => events.subscribe(listener),
    async close() {
      await chat.streams.close();
      // Before the gateway and the database: a server's child processes must not outlive the app.
      await chat.mcp.close();
      spend.sampler.close();
      tasks.close();
      await localGateway?.close();
      await afterStart.close();
      checkpoints.close();
      db.close();
    },
  };
}
