import type { DatabaseSync } from "node:sqlite";
import { allRows } from "../../common/sql-rows.ts";
import type { Feature } from "./price-fitting.ts";

/** Units whose price depends on the size: a price listed without one is a price at the sizes charges confirmed. */
const SIZED_UNITS = new Set(["image", "video_second"]);

const keyOf = (feature: { readonly model: string; readonly unit: string; readonly size: string | null }) =>
  JSON.stringify([feature.model, feature.unit, feature.size]);

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

  /** Whether a listed price without a size holds for this quantity: a unit of no size, or a size confirmed. */
  holds(profileId: string): (feature: Feature) => boolean {
    const confirmed = new Set(
      allRows<{ model: string; unit: string; size: string }>(
        this.db.prepare("SELECT model, unit, size FROM confirmed_sizes WHERE profile_id = ?"),
        profileId,
      ).map((row) => keyOf(row)),
    );
    return (feature) => !SIZED_UNITS.has(feature.unit) || confirmed.has(keyOf(feature));
  }

  /** The sizes a model's listed price of a unit was confirmed at. */
  of(profileId: string, model: string, unit: string): string[] {
    return allRows<{ size: string }>(
      this.db.prepare("SELECT size FROM confirmed_sizes WHERE profile_id = ? AND model = ? AND unit = ? ORDER BY size"),
      profileId,
      model,
      unit,
    ).map((row) => row.size);
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
