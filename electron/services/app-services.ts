import type { DocumentReader } from "./documents/document-reader.ts";
import type { DatabaseSync } from "node:sqlite";
import type { AppInfo } from "../../shared/ipc/app-info.ts";
import type { ServerCapabilities } from "../../shared/ipc/capabilities.ts";
import type { BudgetAlert } from "../../shared/ipc/budget-alerts.ts";
import type { RateHeadroom } from "../../shared/ipc/budget-overview.ts";
import type { TaskView } from "../../shared/ipc/tasks.ts";
import type { GalleryChange } from "../../shared/ipc/gallery.ts";
import type { DataUpkeepState } from "../../shared/ipc/data-upkeep.ts";
import type { LedgerRetention } from "../../shared/ipc/ledger.ts";
import type { BudgetMonitor } from "./budget/budget-monitor.ts";
import type { BudgetService } from "./budget/budget-service.ts";
import type { LedgerStore } from "./ledger/ledger-store.ts";
import type { PriceBook } from "./budget/price-book.ts";
import type { CostAttributor } from "./budget/cost-attributor.ts";
import type { CapabilityService } from "./capabilities/capability-service.ts";
import type { ChatService } from "./chat/chat-service.ts";
import type { CompareService } from "./chat/compare-service.ts";
import type { AssistantStore } from "./assistants/assistant-store.ts";
import type { ConversationStore } from "./chat/conversation-store.ts";
import type { GatewayClient } from "./gateway-client/gateway-client.ts";
import type { StreamHub } from "./streams/stream-hub.ts";
import type { ProfileVault } from "./vault/profile-vault.ts";
import type { MediaLibrary } from "./media/media-library.ts";
import type { McpServers } from "./mcp/mcp-servers.ts";
import type { Tooling } from "./chat/tool-turn.ts";
import type { ConversationToolStore } from "./chat/conversation-tool-store.ts";
import type { TaskEngine } from "./tasks/task-engine.ts";
import type { DataUpkeep } from "./store/data-upkeep.ts";
import type { SettingsStore } from "./vault/settings-store.ts";

export interface AppEvents {
  taskChanged(view: TaskView): void;
  galleryChanged(change: GalleryChange): void;
  capabilitiesChanged(capabilities: ServerCapabilities): void;
  budgetAlert(alert: BudgetAlert): void;
  costsChanged(change: { profileId: string }): void;
  dataUpkeepChanged(state: DataUpkeepState): void;
  /**
   * The check after the start found the database damaged (`data-upkeep.ts`): the host stops the app
   * and offers the recovery a start offers.
   */
  dataDamaged(): void;
}

/** Where the embedded local gateway answers, when the app started one. */
interface EmbeddedGateway {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly defaultKey: string;
}

/**
 * Every main-process service of one data directory, as the composition root builds it
 * (electron/composition/start-app-services.ts) and the hosts and the IPC router use it.
 */
/** The work after the start, which a keep period saved later joins (close() stops and waits for it too). */
export interface AfterStartUpkeep extends DataUpkeep {
  pruneLedger(retention: LedgerRetention): void;
}

export interface AppServices {
  readonly info: AppInfo;
  readonly db: DatabaseSync;
  readonly vault: ProfileVault;
  readonly budget: BudgetService;
  readonly monitor: BudgetMonitor;
  readonly settings: SettingsStore;
  headroom(profileId: string): RateHeadroom;
  readonly ledger: LedgerStore;
  readonly prices: PriceBook;
  readonly costs: CostAttributor;
  readonly streams: StreamHub;
  readonly conversations: ConversationStore;
  readonly assistants: AssistantStore;
  readonly chat: ChatService;
  readonly documents: DocumentReader;
  readonly compare: CompareService;
  readonly tasks: TaskEngine;
  readonly media: MediaLibrary;
  readonly capabilities: CapabilityService;
  /** The MCP servers of Settings and their tools; every server is stopped by close(). */
  readonly mcp: McpServers;
  /** How replies use tools: the Allow/Deny answers the window gives go to its approvals. */
  readonly tooling: Tooling;
  readonly conversationTools: ConversationToolStore;
  readonly localGateway: EmbeddedGateway | null;
  /** The data's check, backup and index builds after the start; close() waits for it to end. */
  readonly upkeep: AfterStartUpkeep;
  clientFor(profileId: string): GatewayClient;
  /** Subscribes to what main pushes to windows, and to damage for the host; returns the unsubscribe function. */
  subscribe(listener: Partial<AppEvents>): () => void;
  close(): Promise<void>;
}
