import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import type { ModelSet } from "../../../shared/ipc/compare.ts";
import { allRows } from "../../common/sql-rows.ts";
import { readStoredJson } from "../store/stored-json.ts";

/** The `model_sets` table as its migration defines it. */
interface ModelSetRow {
  id: string;
  name: string;
  models: string;
  created_at: number;
}

const StoredModelsSchema = z.array(z.string());

/** Named lists of models to compare, saved once and picked with one click. */
export class ModelSetStore {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** By name, as the composer lists them. */
  list(): ModelSet[] {
    return allRows<ModelSetRow>(
      this.db.prepare("SELECT * FROM model_sets ORDER BY name COLLATE NOCASE, created_at"),
    ).map((row) => ({ id: row.id, name: row.name, models: readStoredJson(row.models, StoredModelsSchema, []) }));
  }

  /** Saving under a name already used replaces that set. */
  save(name: string, models: readonly string[]): ModelSet {
    const existing = this.list().find((set) => set.name.toLowerCase() === name.toLowerCase());
    const id = existing?.id ?? crypto.randomUUID();
    this.db
      .prepare(
        `INSERT INTO model_sets (id, name, models, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, models = excluded.models`,
      )
      .run(id, name, JSON.stringify(models), Date.now());
    return { id, name, models: [...models] };
  }

  delete(id: string): boolean {
    const { changes } = this.db.prepare("DELETE FROM model_sets WHERE id = ?").run(id);
    return Number(changes) > 0;
  }
}
