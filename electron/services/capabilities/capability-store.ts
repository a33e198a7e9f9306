import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import {
  ServerCapabilitiesSchema,
  type Feature,
  type FeatureState,
  type ModelTakes,
  type ListedKind,
  type ServerCapabilities,
} from "../../../shared/ipc/capabilities.ts";
import { oneRow } from "../../common/sql-rows.ts";
import { readStoredJson } from "../store/stored-json.ts";

type Features = ServerCapabilities["features"];

const UNKNOWN: Features = {
  balance: "unknown",
  messages: "unknown",
  search: "unknown",
  images: "unknown",
  video: "unknown",
};
/** Rows written before a feature was tracked lack it: it stays unknown. */
const StoredFeaturesSchema = ServerCapabilitiesSchema.shape.features.partial();
const ModelCodesSchema = z.array(z.string());
const ModelTakesSchema = ServerCapabilitiesSchema.shape.imageInput.unwrap();
/** What a model takes, by the field that holds it and its column. */
const TAKES_COLUMNS = { imageInput: "image_input", toolInput: "tool_input" } as const;
type TakesField = keyof typeof TAKES_COLUMNS;
const ModelKindsSchema = ServerCapabilitiesSchema.shape.modelKinds.unwrap();

/** What a server's model list says of its models beside their codes. */
export interface ListedModels {
  readonly codes: string[];
  readonly kinds: Record<string, ListedKind>;
  readonly testModels: string[];
}

/** What each profile's server offers, as last seen; kept in SQLite so it is known at the next start. */
export class CapabilityStore {
  private readonly db: DatabaseSync;
  private readonly onChange: (capabilities: ServerCapabilities) => void;

  constructor(db: DatabaseSync, onChange: (capabilities: ServerCapabilities) => void) {
    this.db = db;
    this.onChange = onChange;
  }

  get(profileId: string): ServerCapabilities {
    const row = oneRow<{
      models: string | null;
      features: string;
      checked_at: number | null;
      image_input: string | null;
      tool_input: string | null;
      model_kinds: string | null;
      test_models: string | null;
    }>(this.db.prepare("SELECT * FROM capabilities WHERE profile_id = ?"), profileId);
    if (!row) return { profileId, models: null, features: UNKNOWN, checkedAt: null };
    return {
      profileId,
      models: row.models === null ? null : readStoredJson(row.models, ModelCodesSchema, null),
      features: { ...UNKNOWN, ...readStoredJson(row.features, StoredFeaturesSchema, {}) },
      checkedAt: row.checked_at === null ? null : new Date(row.checked_at).toISOString(),
      ...(row.image_input === null ? {} : { imageInput: readStoredJson(row.image_input, ModelTakesSchema, {}) }),
      ...(row.tool_input === null ? {} : { toolInput: readStoredJson(row.tool_input, ModelTakesSchema, {}) }),
      ...(row.model_kinds === null ? {} : { modelKinds: readStoredJson(row.model_kinds, ModelKindsSchema, {}) }),
      ...(row.test_models === null ? {} : { testModels: readStoredJson(row.test_models, ModelCodesSchema, []) }),
    };
  }

  /**
   * Records which models take images or tools (said by the model list, or learnt from a refusal);
   * others stay as known.
   */
  learn(profileId: string, field: TakesField, models: Readonly<Record<string, ModelTakes>>): void {
    if (Object.keys(models).length === 0) return;
    const current = this.get(profileId);
    const merged = { ...current[field], ...models };
    const column = TAKES_COLUMNS[field];
    this.db
      .prepare(
        `INSERT INTO capabilities (profile_id, models, features, checked_at, ${column}) VALUES (?, NULL, ?, NULL, ?)
         ON CONFLICT(profile_id) DO UPDATE SET ${column} = excluded.${column}`,
      )
      .run(profileId, JSON.stringify(current.features), JSON.stringify(merged));
    this.onChange(this.get(profileId));
  }

  /** Records what a response said about a feature; tells listeners only when that changes. */
  feature(profileId: string, feature: Feature, state: Exclude<FeatureState, "unknown">): void {
    const current = this.get(profileId);
    if (current.features[feature] === state) return;
    this.write({ ...current, features: { ...current.features, [feature]: state } }, null);
  }

  /** The server's model list, with what it says of each model; null where the server has none. */
  models(profileId: string, listed: ListedModels | null): void {
    const said = { modelKinds: listed?.kinds, testModels: listed?.testModels };
    this.write({ ...this.get(profileId), models: listed?.codes ?? null, ...said }, Date.now());
  }

  /** A profile pointed elsewhere: nothing known about the new server yet. */
  forget(profileId: string): void {
    this.db.prepare("DELETE FROM capabilities WHERE profile_id = ?").run(profileId);
    this.onChange(this.get(profileId));
  }

  private write(capabilities: ServerCapabilities, checkedAt: number | null): void {
    const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
    this.db
      .prepare(
        `INSERT INTO capabilities (profile_id, models, features, checked_at, model_kinds, test_models)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(profile_id) DO UPDATE SET models = excluded.models, features = excluded.features,
           checked_at = COALESCE(excluded.checked_at, capabilities.checked_at),
           model_kinds = excluded.model_kinds, test_models = excluded.test_models`,
      )
      .run(
        capabilities.profileId,
        json(capabilities.models),
        JSON.stringify(capabilities.features),
        checkedAt,
        json(capabilities.modelKinds),
        json(capabilities.testModels),
      );
    this.onChange(this.get(capabilities.profileId));
  }
}
