import type { DatabaseSync } from "node:sqlite";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { DEFAULT_CHAT_SETTINGS, type ChatSettings } from "../../../shared/ipc/chat.ts";
import { PresetSchema, type Preset, type PresetInput } from "../../../shared/ipc/presets.ts";
import { allRows, oneRow } from "../../common/sql-rows.ts";
import { appError } from "../app-error.ts";
import { readStoredJson } from "../store/stored-json.ts";

/** The `presets` table as its migration defines it. */
interface PresetRow {
  id: string;
  name: string;
  settings: string;
  created_at: number;
  updated_at: number;
}

/** What the `settings` column holds: everything of a preset but its name and its times. */
const StoredSettingsSchema = PresetSchema.omit({ id: true, name: true, createdAt: true, updatedAt: true });
type StoredSettings = z.infer<typeof StoredSettingsSchema>;

/** A row whose settings no longer fit keeps its name and takes a new conversation's settings. */
const FALLBACK_SETTINGS: StoredSettings = {
  systemPrompt: DEFAULT_CHAT_SETTINGS.systemPrompt,
  model: "",
  wireFormat: DEFAULT_CHAT_SETTINGS.wireFormat,
  temperature: DEFAULT_CHAT_SETTINGS.temperature,
  topP: DEFAULT_CHAT_SETTINGS.topP,
  maxTokens: DEFAULT_CHAT_SETTINGS.maxTokens,
  stream: DEFAULT_CHAT_SETTINGS.stream,
};

const iso = (epochMs: number) => new Date(epochMs).toISOString();

function presetOf(row: PresetRow): Preset {
  return {
    id: row.id,
    name: row.name,
    ...readStoredJson(row.settings, StoredSettingsSchema, FALLBACK_SETTINGS),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Prompt presets (name, system prompt, model, sampling) in SQLite, to start conversations from. */
export class PresetStore {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** By name, as a menu lists them. */
  list(): Preset[] {
    const rows = allRows<PresetRow>(this.db.prepare("SELECT * FROM presets ORDER BY name COLLATE NOCASE, created_at"));
    return rows.map(presetOf);
  }

  get(id: string): Preset {
    const row = oneRow<PresetRow>(this.db.prepare("SELECT * FROM presets WHERE id = ?"), id);
    if (!row) throw appError("PRESET_NOT_FOUND");
    return presetOf(row);
  }

  /** A new preset, or, with an id, that preset replaced. */
  save({ id, name, ...settings }: PresetInput): Preset {
    const now = Date.now();
    const stored = JSON.stringify(settings);
    if (id === undefined) {
      const created = randomUUID();
      this.db
        .prepare("INSERT INTO presets (id, name, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
        .run(created, name, stored, now, now);
      return this.get(created);
    }
    const { changes } = this.db
      .prepare("UPDATE presets SET name = ?, settings = ?, updated_at = ? WHERE id = ?")
      .run(name, stored, now, id);
    if (Number(changes) === 0) throw appError("PRESET_NOT_FOUND");
    return this.get(id);
  }

  delete(id: string): boolean {
    const { changes } = this.db.prepare("DELETE FROM presets WHERE id = ?").run(id);
    return Number(changes) > 0;
  }

  /** A conversation's settings from a preset; `defaults` (the active profile's) fill what it leaves open. */
  conversationSettings(id: string, defaults: ChatSettings): ChatSettings {
    const { systemPrompt, model, wireFormat, temperature, topP, maxTokens, stream } = this.get(id);
    return {
      ...defaults,
      systemPrompt,
      model: model || defaults.model,
      wireFormat,
      temperature,
      topP,
      maxTokens,
      stream,
    };
  }
}
