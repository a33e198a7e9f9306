import {
  ConversationToolsRequestSchema,
  ConversationToolsSchema,
  SaveConversationToolsSchema,
  ToolDecisionSchema,
  ToolCallStopSchema,
} from "./conversation-tools.ts";
import { z } from "zod";
import { AppInfoSchema, LanguageChoiceSchema, OpenPaneSchema } from "./app-info.ts";
import { DataUpkeepSchema } from "./data-upkeep.ts";
import { ThumbnailInputSchema, ThumbnailKeptSchema } from "./gallery-thumbnails.ts";
import {
  AlertSettingsInputSchema,
  AlertSettingsRequestSchema,
  AlertSettingsSchema,
  BudgetAlertSchema,
} from "./budget-alerts.ts";
import { ProfileBudgetSchema, RateHeadroomSchema } from "./budget-overview.ts";
import {
  BalanceSampleSchema,
  BudgetHistoryRequestSchema,
  BudgetRequestSchema,
  BudgetSnapshotSchema,
} from "./budget.ts";
import {
  CsvExportPageRequestSchema,
  CsvExportPageSchema,
  LedgerPageRequestSchema,
  LedgerPageSchema,
  LedgerRetentionSchema,
  SpendRequestSchema,
  SpendRowSchema,
} from "./ledger.ts";
import {
  CostEstimateRequestSchema,
  CostEstimateSchema,
  ModelPriceRequestSchema,
  ModelPriceSchema,
  PriceChangeSchema,
  PriceOverrideSchema,
  PricesRequestSchema,
} from "./prices.ts";
import { OpenConversationSchema, QuickChatShortcutSchema, QuickChatShortcutStateSchema } from "./desktop.ts";
import { CapabilitiesRequestSchema, ConnectionCheckSchema, ServerCapabilitiesSchema } from "./capabilities.ts";
import { ProfileIdSchema, ProfileInputSchema, ProfilesStateSchema, ProfileViewSchema } from "./profiles.ts";
import { StreamEventSchema, StreamIdSchema } from "./streams.ts";
import {
  ChatInputs,
  ChatMessageSchema,
  ChatRunSchema,
  ConversationDetailSchema,
  ConversationSummarySchema,
  ExportedFileSchema,
} from "./chat.ts";
import { ChatSearchInputSchema, ChatSearchSchema } from "./chat-search.ts";
import { CompareInputs, ComparisonRunSchema, ComparisonSchema, ModelSetSchema } from "./compare.ts";
import {
  AssistantIdSchema,
  AssistantInputSchema,
  AssistantSchema,
  AssistantsExportSchema,
  AssistantsImportedSchema,
  AssistantsImportSchema,
  AssistantStartSchema,
} from "./assistants.ts";
import { AttachmentDataSchema, AttachmentInputSchema, AttachmentRequestSchema } from "./attachments.ts";
import { DocumentTextSchema } from "./documents.ts";
import {
  McpServerIdSchema,
  McpServerInputSchema,
  McpServerToolsSchema,
  McpServerViewSchema,
  McpTestSchema,
} from "./mcp.ts";
import { GalleryChangeSchema, GalleryPageRequestSchema, GalleryPageSchema } from "./gallery.ts";
import { ImageRequestSchema, TaskIdSchema, TaskListSchema, TaskViewSchema, VideoRequestSchema } from "./tasks.ts";

const NoInput = z.undefined();

/** Every invoke channel between the window and main: its payload and its answer. */
export const INVOKE_CHANNELS = {
  "app.info": { input: NoInput, output: AppInfoSchema },
  "app.openConversation": { input: OpenConversationSchema, output: z.object({ opened: z.boolean() }) },
  "app.hideQuickChat": { input: NoInput, output: z.object({ hidden: z.boolean() }) },
  "app.quickChatShortcut": { input: NoInput, output: QuickChatShortcutStateSchema },
  "app.setQuickChatShortcut": { input: QuickChatShortcutSchema, output: QuickChatShortcutStateSchema },
  "app.setLanguage": { input: LanguageChoiceSchema, output: LanguageChoiceSchema },
  /** What the app does with its data after the start (its check, backup, indexes), for the status bar. */
  "app.dataUpkeep": { input: NoInput, output: DataUpkeepSchema },
  "profiles.list": { input: NoInput, output: ProfilesStateSchema },
  "profiles.save": { input: ProfileInputSchema, output: ProfileViewSchema },
  "profiles.remove": { input: ProfileIdSchema, output: ProfilesStateSchema },
  "profiles.select": { input: ProfileIdSchema, output: ProfilesStateSchema },
  "profiles.test": { input: ProfileIdSchema, output: ConnectionCheckSchema },
  "capabilities.get": { input: CapabilitiesRequestSchema, output: ServerCapabilitiesSchema },
  "budget.get": { input: BudgetRequestSchema, output: BudgetSnapshotSchema },
  "budget.history": { input: BudgetHistoryRequestSchema, output: z.array(BalanceSampleSchema) },
  "budget.requests": { input: LedgerPageRequestSchema, output: LedgerPageSchema },
  "budget.exportCsvPage": { input: CsvExportPageRequestSchema, output: CsvExportPageSchema },
  "budget.spend": { input: SpendRequestSchema, output: z.array(SpendRowSchema) },
  "budget.prices": { input: PricesRequestSchema, output: z.array(ModelPriceSchema) },
  "budget.setPrice": { input: PriceOverrideSchema, output: z.array(ModelPriceSchema) },
  "budget.resetLearned": { input: ModelPriceRequestSchema, output: z.array(ModelPriceSchema) },
  "budget.priceHistory": { input: PricesRequestSchema, output: z.array(PriceChangeSchema) },
  "budget.estimate": { input: CostEstimateRequestSchema, output: CostEstimateSchema },
  "budget.alerts": { input: BudgetRequestSchema, output: z.array(BudgetAlertSchema) },
  "budget.alertSettings": { input: AlertSettingsRequestSchema, output: AlertSettingsSchema },
  "budget.setAlertSettings": { input: AlertSettingsInputSchema, output: AlertSettingsSchema },
  "budget.overview": { input: NoInput, output: z.array(ProfileBudgetSchema) },
  "budget.headroom": { input: BudgetRequestSchema, output: RateHeadroomSchema },
  "budget.retention": { input: NoInput, output: LedgerRetentionSchema },
  "budget.setRetention": { input: LedgerRetentionSchema, output: LedgerRetentionSchema },
  "streams.cancel": { input: StreamIdSchema, output: z.object({ cancelled: z.boolean() }) },
  "chat.list": { input: NoInput, output: z.array(ConversationSummarySchema) },
  "chat.search": { input: ChatSearchInputSchema, output: ChatSearchSchema },
  "chat.create": { input: NoInput, output: ConversationSummarySchema },
  "chat.get": { input: ChatInputs.conversation, output: ConversationDetailSchema },
  "chat.rename": { input: ChatInputs.rename, output: ConversationSummarySchema },
  "chat.updateSettings": { input: ChatInputs.settings, output: ConversationSummarySchema },
  "chat.delete": { input: ChatInputs.conversation, output: z.object({ deleted: z.boolean() }) },
  "chat.restore": { input: ChatInputs.conversation, output: ConversationSummarySchema },
  "chat.send": { input: ChatInputs.send, output: ChatRunSchema.extend({ userMessage: ChatMessageSchema }) },
  "chat.regenerate": { input: ChatInputs.regenerate, output: ChatRunSchema },
  "chat.edit": { input: ChatInputs.edit, output: ChatRunSchema },
  "chat.deleteMessage": { input: ChatInputs.message, output: z.object({ deleted: z.boolean() }) },
  /** Shows another version of a message; the conversation then continues from it. */
  "chat.showVersion": { input: ChatInputs.message, output: ConversationDetailSchema },
  "chat.export": { input: ChatInputs.exportAs, output: ExportedFileSchema },
  /** A file sent with a message, with its bytes: its thumbnail, or putting it back in the message box. */
  "chat.attachment": { input: AttachmentRequestSchema, output: AttachmentDataSchema },
  /** The tools a conversation offers its model (MCP servers), the tools allowed for good, and its turns' cost cap. */
  "chat.tools": { input: ConversationToolsRequestSchema, output: ConversationToolsSchema },
  "chat.saveTools": { input: SaveConversationToolsSchema, output: ConversationToolsSchema },
  /** Allow or Deny for a tool call a reply waits on. */
  "chat.toolDecision": { input: ToolDecisionSchema, output: z.object({ decided: z.boolean() }) },
  "chat.stopToolCall": { input: ToolCallStopSchema, output: z.object({ stopped: z.boolean() }) },
  /** A PDF or Word document's text, read as it would be sent: for the message box's chip and estimate. */
  "documents.read": { input: AttachmentInputSchema, output: DocumentTextSchema },
  /** A conversation with an assistant's settings: the newest empty untitled one when there is one, else a new one. */
  "chat.newWithAssistant": { input: AssistantIdSchema, output: AssistantStartSchema },
  /** One question to 2-4 models at once: each answer streams on its own stream id. */
  "chat.compare": { input: CompareInputs.send, output: ComparisonRunSchema },
  /** A comparison's question asked again, as a new version of it, of all its models. */
  "chat.compareAgain": { input: CompareInputs.again, output: ComparisonRunSchema },
  "chat.comparisons": { input: ChatInputs.conversation, output: z.array(ComparisonSchema) },
  /** The conversation continues from this answer of a comparison. */
  "chat.continueWith": { input: CompareInputs.continueWith, output: ConversationDetailSchema },
  "modelSets.list": { input: NoInput, output: z.array(ModelSetSchema) },
  "modelSets.save": { input: CompareInputs.saveSet, output: ModelSetSchema },
  "modelSets.delete": { input: CompareInputs.setId, output: z.object({ deleted: z.boolean() }) },
  "assistants.list": { input: NoInput, output: z.array(AssistantSchema) },
  "assistants.save": { input: AssistantInputSchema, output: AssistantSchema },
  "assistants.delete": { input: AssistantIdSchema, output: z.object({ deleted: z.boolean() }) },
  /** An assistants file's text (docs/assistants.md): each valid assistant added as a new one. */
  "assistants.import": { input: AssistantsImportSchema, output: AssistantsImportedSchema },
  "assistants.export": { input: AssistantsExportSchema, output: ExportedFileSchema },
  "mcp.list": { input: NoInput, output: z.array(McpServerViewSchema) },
  /** A secret row without a value keeps the one stored; the server is stopped, to start as saved on its next use. */
  "mcp.save": { input: McpServerInputSchema, output: McpServerViewSchema },
  "mcp.delete": { input: McpServerIdSchema, output: z.object({ deleted: z.boolean() }) },
  /** Test server: starts it if needed and lists its tools; a failure is coded, its stderr tail a parameter. */
  "mcp.test": { input: McpServerIdSchema, output: McpTestSchema },
  /** Every enabled server's tools (what the chat may offer), or why one could not list them. */
  "mcp.tools": { input: NoInput, output: z.array(McpServerToolsSchema) },
  "images.generate": { input: ImageRequestSchema, output: TaskViewSchema },
  "videos.generate": { input: VideoRequestSchema, output: TaskViewSchema },
  "tasks.list": { input: TaskListSchema, output: z.array(TaskViewSchema) },
  "tasks.cancel": { input: TaskIdSchema, output: TaskViewSchema },
  "tasks.retry": { input: TaskIdSchema, output: TaskViewSchema },
  "tasks.checkAgain": { input: TaskIdSchema, output: TaskViewSchema },
  "tasks.clearFinished": { input: NoInput, output: z.object({ cleared: z.number().int() }) },
  /** A page of the gallery, newest first, with the count of all its items (`gallery.ts`). */
  "gallery.page": { input: GalleryPageRequestSchema, output: GalleryPageSchema },
  "gallery.delete": { input: TaskIdSchema, output: z.object({ deleted: z.boolean() }) },
  /** A picture's card preview, made by the window once and kept in the data folder; refused for an unknown picture. */
  "gallery.saveThumbnail": { input: ThumbnailInputSchema, output: ThumbnailKeptSchema },
} as const;

/** Every event main pushes to windows. */
export const EVENT_CHANNELS = {
  "profiles.changed": ProfilesStateSchema,
  "stream.event": StreamEventSchema,
  "tasks.changed": TaskViewSchema,
  /** Items a finished task added to a gallery, or deleted from it, with its new count. */
  "gallery.changed": GalleryChangeSchema,
  "capabilities.changed": ServerCapabilitiesSchema,
  "budget.alert": BudgetAlertSchema,
  /** Costs in the ledger changed (a reading measured calls, prices were learned): replies, tasks and spend to refresh. */
  "budget.costsChanged": z.object({ profileId: z.string() }),
  "app.openPane": OpenPaneSchema,
  /** The menu's New chat. */
  "app.newChat": z.object({}),
  "app.dataUpkeep": DataUpkeepSchema,
} as const;

export type InvokeChannel = keyof typeof INVOKE_CHANNELS;
export type InvokeInput<C extends InvokeChannel> = z.input<(typeof INVOKE_CHANNELS)[C]["input"]>;
export type InvokeOutput<C extends InvokeChannel> = z.output<(typeof INVOKE_CHANNELS)[C]["output"]>;
export type EventChannel = keyof typeof EVENT_CHANNELS;
export type EventPayload<E extends EventChannel> = z.output<(typeof EVENT_CHANNELS)[E]>;

export const isInvokeChannel = (channel: string): channel is InvokeChannel => Object.hasOwn(INVOKE_CHANNELS, channel);
