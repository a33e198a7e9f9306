import type { DatabaseSync } from "node:sqlite";
import { allRows } from "../../common/sql-rows.ts";
import type { Feature } from "./price-fitting.ts";

/** Units whose price depends on the size: a price listed without one is a price at the sizes charges confirmed. */
const SIZED_UNITS = new Set(["image", "video_second"]);

const keyOf = (feature: { readonly model: string; readonly unit: string; readonly size: string | null }) =>
  JSON.stringify([feature.model, feature.unit, feature.size]);

/** Where the listed prices without a size were confirmed by a charge. */
export interface SizesConfirmed {
  /** The sizes a model's listed price of a unit was confirmed at. */
  readonly at: (model: string, unit: string) => readonly string[];
  /** Whether a listed price without a size holds for this quantity: a unit of no size, or a size confirmed. */
  readonly holds: (feature: Feature) => boolean;
}

/**
 * The sizes at which a price listed without a size (the server's, or the user's) was confirmed by
 * a charge: a lone call measured at it. Elsewhere it is a guess (a smaller picture may cost a
 * quarter, a 1080p video more than twice a 720p one), until that size's own first charge.
 */
export class ConfirmedSizes {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** The sizes the profile's listed prices were confirmed at, read once. */
  of(profileId: string): SizesConfirmed {
    const rows = allRows<{ model: string; unit: string; size: string }>(
      this.db.prepare("SELECT model, unit, size FROM confirmed_sizes WHERE profile_id = ? ORDER BY size"),
      profileId,
    );
    const confirmed = new Set(rows.map((row) => keyOf(row)));
    return {
      at: (model, unit) => rows.filter((row) => row.model === model && row.unit === unit).map((row) => row.size),
      holds: (feature) => !SIZED_UNITS.has(feature.unit) || confirmed.has(keyOf(feature)),
    };
  }

  /** A lone call measured at its price confirms that price at its sizes. */
  confirm(profileId: string, features: readonly Feature[]): void {
    const insert = this.db.prepare(
      "INSERT OR IGNORE INTO confirmed_sizes (profile_id, model, unit, size, confirmed_at) VALUES (?, ?, ?, ?, ?)",
    );
    for (const feature of features) {
      if (SIZED_UNITS.has(feature.unit) && feature.size !== null) {
        insert.run(profileId, feature.model, feature.unit, feature.size, Date.now());
      }
    }
  }
}
