import {
  ChatSettingsSchema,
  ConversationAssistantSchema,
  DEFAULT_CHAT_SETTINGS,
  MessageMetaSchema,
  type ChatMessage,
  type ChatSettings,
  type ConversationSummary,
  type MessageStatus,
} from "../../../shared/ipc/chat.ts";
import type { MessageVersions } from "../../../shared/ipc/chat.ts";
import type { Cost } from "../../../shared/ipc/ledger.ts";
import type { Attachment } from "../../../shared/ipc/attachments.ts";
import { IpcErrorSchema } from "../../../shared/ipc/result.ts";
import type { ToolRound } from "../../../shared/ipc/tool-rounds.ts";
import { readStoredColumn } from "../store/stored-json.ts";

/** The stored title of a conversation nothing has named yet (the column is NOT NULL). */
export const UNTITLED = "";

/** The tables as the migrations define them. */
export interface ConversationRow {
  id: string;
  title: string;
  settings: string;
  created_at: number;
  updated_at: number;
  /** JSON: the assistant it was started from, as it was then; null for none. */
  assistant?: string | null;
}

export interface MessageRow {
  id: string;
  conversation_id: string;
  position: number;
  role: "user" | "assistant";
  content: string;
  status: MessageStatus;
  error: string | null;
  meta: string | null;
  created_at: number;
  /** The message this one answers or follows; null for a conversation's first. */
  parent_id: string | null;
}

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** A conversation as the window sees it. */
export function summaryOf(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title === UNTITLED ? null : row.title,
    settings: storedSettings(row.settings),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    assistant: readStoredColumn(row.assistant, ConversationAssistantSchema),
  };
}

/** A message as a reply is asked it: what was said and sent, without how it was shown or what it cost. */
/** A message as a request sends it again: a reply that used tools with its rounds. */
export type Turn = Pick<ChatMessage, "id" | "role" | "content" | "status" | "attachments"> & {
  readonly toolRounds?: readonly ToolRound[];
};

/** The rounds of a reply that used tools; read only where its meta names them. */
function toolRoundsOf(row: MessageRow): ToolRound[] | null {
  if (row.role !== "assistant" || !row.meta?.includes('"toolRounds"')) return null;
  return readStoredColumn(row.meta, MessageMetaSchema)?.toolRounds ?? null;
}

export function turnOf(row: MessageRow, attachments: readonly Attachment[] = []): Turn {
  const toolRounds = toolRoundsOf(row);
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    status: row.status,
    ...(attachments.length > 0 ? { attachments: [...attachments] } : {}),
    ...(toolRounds ? { toolRounds } : {}),
  };
}

export function messageOf(
  row: MessageRow,
  cost: Cost | null,
  versions?: MessageVersions,
  attachments: readonly Attachment[] = [],
): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    role: row.role,
    content: row.content,
    status: row.status,
    error: readStoredColumn(row.error, IpcErrorSchema),
    meta: readStoredColumn(row.meta, MessageMetaSchema),
    cost,
    createdAt: iso(row.created_at),
    ...(versions && versions.ids.length > 1 ? { versions } : {}),
    ...(attachments.length > 0 ? { attachments: [...attachments] } : {}),
  };
}

/**
 * Settings read before, by their stored text: the list reads every conversation's on each refresh,
 * and checking them is most of a summary's cost. Cleared when full, as texts edited away stay in it.
 */
const readSettings = new Map<string, ChatSettings>();
const READ_SETTINGS_MAX = 10_000;

function storedSettings(text: string): ChatSettings {
  const known = readSettings.get(text);
  if (known) return known;
  if (readSettings.size >= READ_SETTINGS_MAX) readSettings.clear();
  const settings = checkedSettings(text);
  readSettings.set(text, settings);
  return settings;
}

/**
 * Settings missing from an older row take their defaults; settings that no longer fit all do, but
 * the conversation stays with its profile.
 */
function checkedSettings(text: string): ChatSettings {
  const stored: unknown = JSON.parse(text);
  const filled = { ...DEFAULT_CHAT_SETTINGS, ...(typeof stored === "object" ? stored : {}) };
  const profileId = typeof filled.profileId === "string" ? filled.profileId : null;
  return ChatSettingsSchema.safeParse(filled).data ?? { ...DEFAULT_CHAT_SETTINGS, profileId };
}
