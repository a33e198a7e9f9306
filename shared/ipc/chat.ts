import { z } from "zod";
import { SearchResultSchema } from "../gateway-api/search-completions.ts";
import { IpcErrorSchema } from "./result.ts";
import { invalid } from "../text/validation-code.ts";
import { CostSchema } from "./ledger.ts";
import { AttachmentInputsSchema, AttachmentSchema } from "./attachments.ts";
import { CodedTextSchema } from "./coded-text.ts";
import { ToolRoundSchema } from "./tool-rounds.ts";

export const WIRE_FORMATS = ["chat-completions", "messages"] as const;
const WireFormatSchema = z.enum(WIRE_FORMATS);
export type WireFormat = z.infer<typeof WireFormatSchema>;

/** Temperature ranges of the two wire formats, as the spec states them. */
export const TEMPERATURE_MAX: Record<WireFormat, number> = { "chat-completions": 2, messages: 1 };
export const MAX_TOKENS_LIMIT = 200_000;
const DEFAULT_MAX_TOKENS = 1024;
export const STOP_SEQUENCES_MAX = 4;
export const SYSTEM_PROMPT_MAX = 20_000;
export const TITLE_MAX = 200;

export const WIRE_FORMAT_NAMES: Record<WireFormat, string> = {
  "chat-completions": "Chat Completions",
  messages: "Messages",
};

/** The temperature's upper bound depends on the wire format; any schema holding both checks it here. */
export function checkTemperatureRange(
  settings: { readonly wireFormat: WireFormat; readonly temperature: number },
  context: z.RefinementCtx,
): void {
  const max = TEMPERATURE_MAX[settings.wireFormat];
  if (settings.temperature > max) {
    context.addIssue({
      code: "custom",
      path: ["temperature"],
      message: invalid("TEMPERATURE_RANGE"),
      params: { max, format: WIRE_FORMAT_NAMES[settings.wireFormat] },
    });
  }
}

/** A conversation's request settings; the form validates with this same schema before anything is sent. */
export const ChatSettingsSchema = z
  .object({
    /**
     * The profile the conversation belongs to and is sent through, whatever profile is active.
     * null only in conversations stored before they kept theirs, each given one at start.
     */
    profileId: z.string().nullable(),
    model: z.string().trim().min(1, invalid("MODEL_REQUIRED")),
    wireFormat: WireFormatSchema,
    systemPrompt: z.string().max(SYSTEM_PROMPT_MAX, invalid("SYSTEM_PROMPT_TOO_LONG")),
    temperature: z.number({ error: invalid("TEMPERATURE_INVALID") }).min(0, invalid("TEMPERATURE_INVALID")),
    topP: z
      .number({ error: invalid("TOP_P_INVALID") })
      .min(0, invalid("TOP_P_INVALID"))
      .max(1, invalid("TOP_P_INVALID")),
    maxTokens: z
      .number({ error: invalid("MAX_TOKENS_INVALID") })
      .int(invalid("MAX_TOKENS_INVALID"))
      .min(1, invalid("MAX_TOKENS_INVALID"))
      .max(MAX_TOKENS_LIMIT, invalid("MAX_TOKENS_INVALID")),
    stopSequences: z
      .array(z.string().min(1, invalid("STOP_SEQUENCE_EMPTY")))
      .max(STOP_SEQUENCES_MAX, invalid("TOO_MANY_STOP_SEQUENCES")),
    stream: z.boolean(),
  })
  .superRefine(checkTemperatureRange);
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;

/** A new conversation's settings; the app uses the profile's first chat model instead where it lists one. */
export const DEFAULT_CHAT_SETTINGS: ChatSettings = {
  profileId: null,
  model: "chat-fast",
  wireFormat: "chat-completions",
  systemPrompt: "",
  temperature: 1,
  topP: 1,
  maxTokens: DEFAULT_MAX_TOKENS,
  stopSequences: [],
  stream: true,
};

const FinishSchema = z.enum(["finished", "max_tokens", "stop_sequence"]);
export type Finish = z.infer<typeof FinishSchema>;

export const MessageMetaSchema = z.object({
  model: z.string(),
  wireFormat: WireFormatSchema,
  searched: z.boolean(),
  finish: FinishSchema.nullable(),
  stopSequence: z.string().nullable(),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  /** The server reported no usage: the app counted the tokens itself. */
  tokensEstimated: z.boolean().optional(),
  /** The server sent an impossible token count (negative, fractional, beyond 10⁸): it was dropped. */
  tokensImplausible: z.boolean().optional(),
  ttftMs: z.number().nullable(),
  totalMs: z.number().nullable(),
  requestId: z.string().nullable(),
  sources: z.array(SearchResultSchema),
  /** A turn that used tools: its model rounds (each its own paid call), and what each asked for. */
  toolRounds: z.array(ToolRoundSchema).optional(),
  /** How many model calls the turn made (more than one when it used tools). */
  rounds: z.number().int().min(1).optional(),
  /** Why a tool-using turn ended before the model answered in text (its cost cap, its round limit…). */
  toolNotice: CodedTextSchema.optional(),
  /** What a turn could not offer of its tools: a server that could not list them, a model that does not take them. */
  toolNotes: z.array(CodedTextSchema).max(16).optional(),
});
export type MessageMeta = z.infer<typeof MessageMetaSchema>;

/** `streaming`: written ahead while the reply arrives; it ends as one of the others. */
const MessageStatusSchema = z.enum(["streaming", "complete", "stopped", "interrupted", "error"]);
export type MessageStatus = z.infer<typeof MessageStatusSchema>;

/** The versions of a message's place in the conversation (regenerated or edited), oldest first. */
const MessageVersionsSchema = z.object({ ids: z.array(z.string()), index: z.number().int().min(0) });
export type MessageVersions = z.infer<typeof MessageVersionsSchema>;

export const ChatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  status: MessageStatusSchema,
  error: IpcErrorSchema.nullable(),
  meta: MessageMetaSchema.nullable(),
  /** What the reply cost, from the ledger; null for the user's messages and replies not known yet. */
  cost: CostSchema.nullable(),
  createdAt: z.string(),
  /** Present where the message has other versions: `‹ index+1 / ids.length ›`. */
  versions: MessageVersionsSchema.optional(),
  /** Files sent with the question (present where it has any). */
  attachments: z.array(AttachmentSchema).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Who a conversation was started from: an assistant's id, name and avatar (its letter when it has none). */
export const ConversationAssistantSchema = z.object({ id: z.string(), name: z.string(), avatar: z.string() });
export type ConversationAssistant = z.infer<typeof ConversationAssistantSchema>;

export const ConversationSummarySchema = z.object({
  id: z.string(),
  /** null until the first message (or a rename) names the conversation; the window shows its own word for it. */
  title: z.string().nullable(),
  settings: ChatSettingsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** In the list: what its paid calls cost so far (null until one has a cost). */
  cost: CostSchema.nullable().optional(),
  /** The assistant it was started from, as it was then (kept when the assistant is renamed or deleted). */
  assistant: ConversationAssistantSchema.nullable().optional(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationDetailSchema = z.object({
  conversation: ConversationSummarySchema,
  messages: z.array(ChatMessageSchema),
  totalCost: CostSchema.nullable(),
});
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

const ConversationId = z.object({ conversationId: z.string().min(1) });
export const MESSAGE_MAX_LENGTH = 200_000;
const MessageText = z
  .string()
  .trim()
  .min(1, invalid("MESSAGE_EMPTY"))
  .max(MESSAGE_MAX_LENGTH, invalid("MESSAGE_TOO_LONG"));

export const ChatInputs = {
  conversation: ConversationId,
  rename: ConversationId.extend({
    title: z.string().trim().min(1, invalid("TITLE_REQUIRED")).max(TITLE_MAX, invalid("TITLE_TOO_LONG")),
  }),
  settings: ConversationId.extend({ settings: ChatSettingsSchema }),
  /** A message may be files alone: then its text may be empty. */
  send: ConversationId.extend({
    content: z.string().trim().max(MESSAGE_MAX_LENGTH, invalid("MESSAGE_TOO_LONG")),
    searchWeb: z.boolean(),
    attachments: AttachmentInputsSchema.optional(),
  }).refine((input) => input.content !== "" || (input.attachments?.length ?? 0) > 0, {
    message: invalid("MESSAGE_EMPTY"),
    path: ["content"],
  }),
  edit: ConversationId.extend({ messageId: z.string().min(1), content: MessageText, searchWeb: z.boolean() }),
  exportAs: ConversationId.extend({ format: z.enum(["markdown", "json"]) }),
  message: ConversationId.extend({ messageId: z.string().min(1).max(200) }),
  /** Regenerate a reply (the shown path's last when none is named): the new one becomes another version. */
  regenerate: ConversationId.extend({ messageId: z.string().min(1).max(200).optional(), searchWeb: z.boolean() }),
};

/** A reply being generated: follow it on `stream.event` with this stream id. */
export const ChatRunSchema = z.object({ streamId: z.string(), assistantMessageId: z.string() });
export type ChatRun = z.infer<typeof ChatRunSchema>;

export const ExportedFileSchema = z.object({ fileName: z.string(), mimeType: z.string(), content: z.string() });

/** What a chat stream tells the window, one schema per kind. */
export const ChatStreamEventSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("delta"), data: z.object({ text: z.string() }) }),
  z.object({
    kind: z.literal("usage"),
    data: z.object({ inputTokens: z.number().nullable(), outputTokens: z.number().nullable() }),
  }),
  z.object({ kind: z.literal("citations"), data: z.object({ sources: z.array(SearchResultSchema) }) }),
  /** The reply as persisted: complete, stopped, interrupted or failed. */
  z.object({ kind: z.literal("done"), data: z.object({ message: ChatMessageSchema }) }),
  /** `retrying`: a 429 — the app waits `retryAfter` seconds and sends again by itself. */
  z.object({ kind: z.literal("error"), data: IpcErrorSchema.extend({ retrying: z.boolean() }) }),
  /** The request is held for the key's rate limit and goes out at `until` (ISO time); Stop cancels it. */
  z.object({ kind: z.literal("waiting"), data: z.object({ until: z.string() }) }),
  /** A tool-using turn's rounds as they stand: a call asked for, waiting, running or answered. */
  z.object({ kind: z.literal("tools"), data: z.object({ rounds: z.array(ToolRoundSchema) }) }),
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEventSchema>;
/** The data of each kind of chat stream event. */
export type ChatStreamData = { [Event in ChatStreamEvent as Event["kind"]]: Event["data"] };
