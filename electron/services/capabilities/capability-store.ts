import type { DatabaseSync } from "node:sqlite";
import {
  FEATURES,
  type Feature,
  type FeatureState,
  type ServerCapabilities,
} from "../../../shared/ipc/capabilities.ts";

type Features = ServerCapabilities["features"];

const UNKNOWN: Features = Object.fromEntries(FEATURES.map((feature) => [feature, "unknown"])) as Features;

/** What each profile's server offers, as last seen; kept in SQLite so it is known at the next start. */
export class CapabilityStore {
  private readonly db: DatabaseSync;
  private readonly onChange: (capabilities: ServerCapabilities) => void;

  constructor(db: DatabaseSync, onChange: (capabilities: ServerCapabilities) => void) {
    this.db = db;
    this.onChange = onChange;
  }

  get(profileId: string): ServerCapabilities {
    const row = this.db.prepare("SELECT * FROM capabilities WHERE profile_id = ?").get(profileId) as
      { models: string | null; features: string; checked_at: number | null } | undefined;
    if (!row) return { profileId, models: null, features: UNKNOWN, checkedAt: null };
    return {
      profileId,
      models: row.models === null ? null : (JSON.parse(row.models) as string[]),
      features: { ...UNKNOWN, ...(JSON.parse(row.features) as Partial<Features>) },
      checkedAt: row.checked_at === null ? null : new Date(row.checked_at).toISOString(),
    };
  }

  /** Records what a response said about a feature; tells listeners only when that changes. */
  feature(profileId: string, feature: Feature, state: Exclude<FeatureState, "unknown">): void {
    const current = this.get(profileId);
    if (current.features[feature] === state) return;
    this.write({ ...current, features: { ...current.features, [feature]: state } }, null);
  }

  models(profileId: string, models: string[] | null): void {
    this.write({ ...this.get(profileId), models }, Date.now());
  }

  /** A profile pointed elsewhere: nothing known about the new server yet. */
  forget(profileId: string): void {
    this.db.prepare("DELETE FROM capabilities WHERE profile_id = ?").run(profileId);
    this.onChange(this.get(profileId));
  }

  private write(capabilities: ServerCapabilities, checkedAt: number | null): void {
    this.db
      .prepare(
        `INSERT INTO capabilities (profile_id, models, features, checked_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(profile_id) DO UPDATE SET models = excluded.models, features = excluded.features,
           checked_at = COALESCE(excluded.checked_at, capabilities.checked_at)`,
      )
      .run(
        capabilities.profileId,
        capabilities.models === null ? null : JSON.stringify(capabilities.models),
        JSON.stringify(capabilities.features),
        checkedAt,
      );
    this.onChange(this.get(capabilities.profileId));
  }
}
