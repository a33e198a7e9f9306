import { NO_ASSISTANT_TOOLS } from "../../../shared/ipc/conversation-tools.ts";
import type { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { DEFAULT_CHAT_SETTINGS } from "../../../shared/ipc/chat.ts";
import { AssistantSchema, type Assistant, type AssistantInput } from "../../../shared/ipc/assistants.ts";
import { allRows, oneRow } from "../../common/sql-rows.ts";
import { appError } from "../app-error.ts";
import { readStoredJson } from "../store/stored-json.ts";

/** The `assistants` table as its migrations define it. */
interface AssistantRow {
  id: string;
  name: string;
  settings: string;
  created_at: number;
  updated_at: number;
}

/** What the `settings` column holds: everything of an assistant but its id, its name and its times. */
const StoredSettingsSchema = AssistantSchema.omit({ id: true, name: true, createdAt: true, updatedAt: true });
type StoredSettings = z.infer<typeof StoredSettingsSchema>;

/** A row whose settings no longer fit keeps its name and takes a new conversation's settings. */
const FALLBACK_SETTINGS: StoredSettings = {
  avatar: "",
  systemPrompt: DEFAULT_CHAT_SETTINGS.systemPrompt,
  model: "",
  modelSetId: null,
  wireFormat: DEFAULT_CHAT_SETTINGS.wireFormat,
  temperature: DEFAULT_CHAT_SETTINGS.temperature,
  topP: DEFAULT_CHAT_SETTINGS.topP,
  maxTokens: DEFAULT_CHAT_SETTINGS.maxTokens,
  stream: DEFAULT_CHAT_SETTINGS.stream,
  documents: [],
  tools: NO_ASSISTANT_TOOLS,
};

const iso = (epochMs: number) => new Date(epochMs).toISOString();

function assistantOf(row: AssistantRow): Assistant {
  return {
    id: row.id,
    name: row.name,
    ...readStoredJson(row.settings, StoredSettingsSchema, FALLBACK_SETTINGS),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Assistants (a name and avatar, a system prompt, a model or model set, sampling, documents) in SQLite. */
export class AssistantStore {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** By name, as a menu lists them. */
  list(): Assistant[] {
    const rows = allRows<AssistantRow>(
      this.db.prepare("SELECT * FROM assistants ORDER BY name COLLATE NOCASE, created_at"),
    );
    return rows.map(assistantOf);
  }

  get(id: string): Assistant {
    const row = oneRow<AssistantRow>(this.db.prepare("SELECT * FROM assistants WHERE id = ?"), id);
    if (!row) throw appError("ASSISTANT_NOT_FOUND");
    return assistantOf(row);
  }

  /** The assistant's documents, or none once it was deleted. */
  documentsOf(id: string): Assistant["documents"] {
    const row = oneRow<AssistantRow>(this.db.prepare("SELECT * FROM assistants WHERE id = ?"), id);
    return row ? assistantOf(row).documents : [];
  }

  /** A new assistant, or, with an id, that assistant replaced. */
  save({ id, name, ...settings }: AssistantInput): Assistant {
    const now = Date.now();
    const stored = JSON.stringify(settings);
    if (id === undefined) {
      const created = randomUUID();
      this.db
        .prepare("INSERT INTO assistants (id, name, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
        .run(created, name, stored, now, now);
      return this.get(created);
    }
    const { changes } = this.db
      .prepare("UPDATE assistants SET name = ?, settings = ?, updated_at = ? WHERE id = ?")
      .run(name, stored, now, id);
    if (Number(changes) === 0) throw appError("ASSISTANT_NOT_FOUND");
    return this.get(id);
  }

  delete(id: string): boolean {
    const { changes } = this.db.prepare("DELETE FROM assistants WHERE id = ?").run(id);
    return Number(changes) > 0;
  }
}
