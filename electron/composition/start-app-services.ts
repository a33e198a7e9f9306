import { DocumentReader } from "../services/documents/document-reader.ts";
import { join } from "node:path";
import type { RunningGateway } from "../local-gateway/index.ts";
import type { GatewayConfigInput } from "../local-gateway/config.ts";
import type { AppInfo } from "../../shared/ipc/app-info.ts";
import { BudgetAlerts } from "../services/budget/budget-alerts.ts";
import { BudgetMonitor } from "../services/budget/budget-monitor.ts";
import { BudgetService } from "../services/budget/budget-service.ts";
import { LedgerStore } from "../services/ledger/ledger-store.ts";
import { periodStart } from "../services/budget/period-start.ts";
import { readRetention } from "../services/ledger/ledger-retention.ts";
import { PriceBook } from "../services/budget/price-book.ts";
import { BalanceSampler, DEFAULT_SAMPLER_TIMING, type SamplerTiming } from "../services/budget/balance-sampler.ts";
import { CostAttributor } from "../services/budget/cost-attributor.ts";
import { priceFromLists } from "../services/budget/list-pricing.ts";
import { publishedPricesOf } from "../services/budget/published-prices.ts";
import { capabilityFetch } from "../services/capabilities/capability-fetch.ts";
import { CapabilityService } from "../services/capabilities/capability-service.ts";
import { CapabilityStore } from "../services/capabilities/capability-store.ts";
import { ChatService } from "../services/chat/chat-service.ts";
import { CompareService } from "../services/chat/compare-service.ts";
import { ReplyProducer } from "../services/chat/reply-producer.ts";
import { AssistantStore } from "../services/assistants/assistant-store.ts";
import { ConversationStore } from "../services/chat/conversation-store.ts";
import { assignConversationProfiles } from "../services/chat/conversation-profiles.ts";
import { GatewayClient } from "../services/gateway-client/gateway-client.ts";
import { withHeaderTimeout } from "../services/gateway-client/header-timeout-fetch.ts";
import type { AnswerLimits } from "../services/gateway-client/answer-limits.ts";
import { openAppDatabase } from "../services/store/app-database.ts";
import { startAfterStartWork } from "./after-start-work.ts";
import { IdleCheckpoints } from "../services/store/idle-checkpoints.ts";
import { restrictToOwner } from "../services/store/owner-only.ts";
import { DATA_FILES } from "../services/store/data-files.ts";
import { loggingFetch } from "../services/ledger/request-log.ts";
import { StreamHub } from "../services/streams/stream-hub.ts";
import { ProfileVault } from "../services/vault/profile-vault.ts";
import { RequestScheduler } from "../services/scheduler/request-scheduler.ts";
import { HeadroomTracker } from "../services/scheduler/rate-headroom.ts";
import { scheduledFetch } from "../services/scheduler/scheduled-fetch.ts";
import { MediaLibrary } from "../services/media/media-library.ts";
import { McpServers } from "../services/mcp/mcp-servers.ts";
import { ConversationToolStore } from "../services/chat/conversation-tool-store.ts";
import { chatTooling } from "./chat-tooling.ts";
import type { McpTiming } from "../services/mcp/mcp-limits.ts";
import { TaskEngine } from "../services/tasks/task-engine.ts";
import { guardedResultFetch } from "../services/tasks/result-fetch.ts";
import { TaskTable } from "../services/tasks/task-table.ts";
import type { PollTiming } from "../services/tasks/poll-policy.ts";
import type { SecretCipher } from "../services/vault/secret-cipher.ts";
import type { SettingsStore } from "../services/vault/settings-store.ts";
import type { AppEvents, AppServices } from "../services/app-services.ts";

/** What the host (Electron or the web host) provides to the services. */
export interface AppEnvironment {
  readonly host: AppInfo["host"];
  readonly version: string;
  readonly dataDir: string;
  readonly settings: SettingsStore;
  readonly cipher: SecretCipher;
  readonly fetch: typeof fetch;
  /** The URL the window loads a stored media file from (`media://` in Electron, a web-host route). */
  readonly mediaSrc: (id: string) => string;
}

export interface AppServicesOptions {
  /** Use this gateway as the active profile instead of starting the embedded one. */
  readonly profile?: { readonly baseUrl: string; readonly key: string; readonly rpm?: number };
  /** Overrides for the embedded gateway (e.g. a faster timeScale). */
  readonly localGatewayConfig?: GatewayConfigInput;
  /** Overrides for the task engine's polling (tests). */
  readonly pollTiming?: PollTiming;
  /** Overrides for when the balance is read to measure costs (tests). */
  readonly samplerTiming?: SamplerTiming;
  /** Overrides for how much of an answer is read and how long it may take (tests shrink the waits). */
  readonly answerLimits?: AnswerLimits;
  /** Overrides for how long an MCP server may take to start, list and answer (tests shrink them). */
  readonly mcpTiming?: Partial<McpTiming>;
}

/** Builds every main-process service; the same composition runs inside Electron and in the web host. */
export async function startAppServices(env: AppEnvironment, options: AppServicesOptions = {}): Promise<AppServices> {
  // The host checked the files before opening them (checkDataFiles); the upkeep reads the database
  // whole and backs the files up once the services are ready.
  const db = openAppDatabase(join(env.dataDir, DATA_FILES.database));
  restrictToOwner(env.dataDir);
  const checkpoints = new IdleCheckpoints(db);
  const ledger = new LedgerStore(db);
  ledger.settleLeftovers();
  const vault = new ProfileVault(env.settings, env.cipher);
  let localGateway: RunningGateway | null = null;
  if (options.profile) {
    const view = vault.save({
      ...vault.findByBaseUrl(options.profile.baseUrl),
      name: `Gateway at ${new URL(options.profile.baseUrl).host}`,
      baseUrl: options.profile.baseUrl,
      auth: "bearer",
      key: options.profile.key,
      ...(options.profile.rpm ? { rpm: options.profile.rpm } : {}),
    });
    vault.select(view.id);
  } else {
    // Loaded only when it runs: a host pointed at a gateway of its own starts without its modules.
    const { start: startLocalGateway } = await import("../local-gateway/index.ts");
    localGateway = await startLocalGateway({
      port: 0,
      dataDir: join(env.dataDir, "local-gateway"),
      config: options.localGatewayConfig ?? {},
    });
    vault.ensureBuiltInProfile(localGateway.url, localGateway.defaultKey, localGateway.modelsByKind);
  }
  // One scheduler per profile key: every request of the key, chat, polls and budget alike, shares its RPM.
  const schedulers = new Map<string, RequestScheduler>();
  const schedulerFor = (profileId: string, rpm: number) => {
    const scheduler = schedulers.get(profileId) ?? new RequestScheduler(rpm);
    schedulers.set(profileId, scheduler);
    scheduler.setRpm(rpm);
    return scheduler;
  };
  const headrooms = new Map<string, HeadroomTracker>();
  const headroomOf = (profileId: string) => {
    const headroom = headrooms.get(profileId) ?? new HeadroomTracker();
    headrooms.set(profileId, headroom);
    return headroom;
  };
  const listeners = new Set<Partial<AppEvents>>();
  const capabilityStore = new CapabilityStore(db, (capabilities) =>
    listeners.forEach((listener) => listener.capabilitiesChanged?.(capabilities)),
  );
  const clientFor = (profileId: string) => {
    const credentials = vault.credentials(profileId);
    const fetchThroughScheduler = scheduledFetch(
      schedulerFor(profileId, credentials.rpm),
      withHeaderTimeout(env.fetch),
      headroomOf(profileId),
    );
    const observed = capabilityFetch(capabilityStore, profileId, fetchThroughScheduler);
    const recorded = loggingFetch(db, profileId, observed, (id, settlesIn) => sampler.noteActivity(id, settlesIn));
    return new GatewayClient(credentials, {
      fetch: recorded,
      ...(options.answerLimits ? { limits: options.answerLimits } : {}),
    });
  };
  // Background work (routine polls, balance readings) gives way while a key's minute is more than half spent.
  const busyOf = (profileId: string) => schedulers.get(profileId)?.busy() ?? false;
  const prices = new PriceBook(db);
  const attributor = new CostAttributor(db, prices);
  const capabilities = new CapabilityService(
    capabilityStore,
    clientFor,
    (profileId) => vault.modelsOf(profileId)?.chat[0] ?? capabilityStore.get(profileId).models?.[0] ?? "chat-fast",
    (profileId, list) => prices.replacePublished(profileId, publishedPricesOf(list)),
  );
  const sampler = new BalanceSampler(
    async (profileId) => {
      // A server that publishes its prices is asked first, so even the first calls are priced.
      await capabilities.ready(profileId);
      if (capabilityStore.get(profileId).features.balance !== "missing") await budget.snapshot(profileId);
      else if (priceFromLists(db, prices, profileId))
        listeners.forEach((listener) => listener.costsChanged?.({ profileId }));
    },
    options.samplerTiming ?? DEFAULT_SAMPLER_TIMING,
    busyOf,
  );
  const media = new MediaLibrary(db, join(env.dataDir, "media"), env.mediaSrc);
  const tasks = new TaskEngine({
    tasks: new TaskTable(db),
    media,
    clientFor,
    download: guardedResultFetch,
    profileBaseUrl: (profileId) => vault.credentials(profileId).baseUrl,
    resultOrigins: (profileId) => vault.resultOriginsOf(profileId),
    ...(options.pollTiming ? { timing: options.pollTiming } : {}),
    profileSettings: (profileId) => ({ ...vault.taskSettings(profileId), rpm: vault.rpmOf(profileId) }),
    busyOf,
    onTaskChanged: (view) => listeners.forEach((listener) => listener.taskChanged?.(view)),
    onGalleryChanged: (change) => listeners.forEach((listener) => listener.galleryChanged?.(change)),
  });
  tasks.resume();
  const streams = new StreamHub();
  const conversations = new ConversationStore(db);
  assignConversationProfiles(db, vault.names(), vault.activeId());
  const capabilitiesOf = (profileId: string) => capabilityStore.get(profileId);
  const assistants = new AssistantStore(db);
  const mcp = new McpServers(env.settings, env.cipher, options.mcpTiming);
  const conversationTools = new ConversationToolStore(db);
  const tooling = chatTooling(db, mcp, conversationTools, { prices, capabilities: capabilityStore });
  const replies = new ReplyProducer(
    conversations,
    streams,
    vault,
    clientFor,
    capabilitiesOf,
    (profileId, model) => capabilityStore.learn(profileId, "imageInput", { [model]: "refuses" }),
    (assistantId) => assistants.documentsOf(assistantId),
    tooling,
  );
  const documents = new DocumentReader();
  const chat = new ChatService(conversations, vault, capabilitiesOf, replies, documents);
  const monitor = new BudgetMonitor({
    alerts: new BudgetAlerts(db),
    read: (profileId) => budget.snapshot(profileId),
    profiles: () => vault.state().profiles,
    balanceFeature: (profileId) => capabilityStore.get(profileId).features.balance,
    onAlert: (alert) => listeners.forEach((listener) => listener.budgetAlert?.(alert)),
  });
  // Every reading, asked for or sampled, settles what it can: costs, refunds and other spend on the key.
  const budget = new BudgetService(
    db,
    clientFor,
    (snapshot) => {
      if (attributor.run(snapshot.profileId)) {
        listeners.forEach((listener) => listener.costsChanged?.({ profileId: snapshot.profileId }));
      }
      monitor.observe(snapshot);
    },
    (profileId, balance) => ({
      today: ledger.otherSpendSince(profileId, periodStart(balance.api_key.daily_reset_at, "day")),
      month: ledger.otherSpendSince(profileId, periodStart(balance.api_key.monthly_reset_at, "month")),
    }),
  );
  const afterStart = startAfterStartWork(env.dataDir, db, readRetention(env.settings), {
    changed: (state) => listeners.forEach((listener) => listener.dataUpkeepChanged?.(state)),
    damaged: () => listeners.forEach((listener) => listener.dataDamaged?.()),
  });
  return {
    info: { version: env.version, host: env.host, platform: process.platform, keyStorage: env.cipher.storage },
    db,
    vault,
    budget,
    monitor,
    settings: env.settings,
    headroom: (profileId) => {
      const scheduler = schedulers.get(profileId);
      return headroomOf(profileId).view(scheduler?.waiting ?? 0, scheduler?.firstHeldSendsAt() ?? null);
    },
    ledger,
    prices,
    costs: attributor,
    streams,
    conversations,
    assistants,
    chat,
    documents,
    compare: new CompareService(conversations, replies),
    tasks,
    media,
    capabilities,
    mcp,
    tooling,
    conversationTools,
    localGateway,
    upkeep: afterStart.upkeep,
    clientFor,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      await streams.close();
      // Before the gateway and the database: a server's child processes must not outlive the app.
      await mcp.close();
      sampler.close();
      tasks.close();
      await localGateway?.close();
      await afterStart.close();
      checkpoints.close();
      db.close();
    },
  };
}
