import type { DatabaseSync } from "node:sqlite";
import {
  PriceUnitSchema,
  type ModelPrice,
  type PriceChange,
  type PriceSource,
  type PriceUnit,
} from "../../../shared/ipc/prices.ts";
import { allRows, oneRow } from "../../common/sql-rows.ts";

/** A change smaller than this share is the fit settling, not a new price. */
const CHANGE_THRESHOLD = 0.02;
/** The most changes one answer lists. */
const HISTORY_MAX = 200;

interface PricePoint {
  readonly model: string;
  readonly unit: PriceUnit;
  readonly size: string | null;
  readonly price: number;
}

/** When each model's price (published, learned or the user's) changed, and to what. */
export class PriceHistory {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** Records a price unless it is within 2 % of the last one recorded for the same source. */
  note(profileId: string, price: PricePoint, source: PriceSource): void {
    const last = oneRow<{ price: number }>(
      this.db.prepare(
        `SELECT price FROM price_history WHERE profile_id = ? AND model = ? AND unit = ? AND size = ? AND source = ?
         ORDER BY id DESC LIMIT 1`,
      ),
      profileId,
      price.model,
      price.unit,
      price.size ?? "",
      source,
    );
    if (last && Math.abs(price.price - last.price) <= CHANGE_THRESHOLD * Math.max(Math.abs(last.price), 1e-12)) return;
    this.db
      .prepare(
        "INSERT INTO price_history (profile_id, model, unit, size, source, price, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(profileId, price.model, price.unit, price.size ?? "", source, price.price, Date.now());
  }

  /** The lowest price the server published or the user set for each model, unit and size so far. */
  lowestTrusted(profileId: string): ModelPrice[] {
    return allRows<{ model: string; unit: string; size: string; price: number }>(
      this.db.prepare(
        `SELECT model, unit, size, MIN(price) AS price FROM price_history
         WHERE profile_id = ? AND source IN ('published', 'user') GROUP BY model, unit, size`,
      ),
      profileId,
    ).flatMap((row) => {
      const unit = PriceUnitSchema.safeParse(row.unit);
      if (!unit.success) return [];
      const size = row.size === "" ? null : row.size;
      return [
        { model: row.model, unit: unit.data, size, price: row.price, source: "published" as const, observations: 0 },
      ];
    });
  }

  /** The profile's latest changes of price, newest first. */
  of(profileId: string): PriceChange[] {
    return allRows<{ model: string; unit: string; size: string; source: string; price: number; changed_at: number }>(
      this.db.prepare(
        `SELECT model, unit, size, source, price, changed_at FROM price_history WHERE profile_id = ?
         ORDER BY id DESC LIMIT ?`,
      ),
      profileId,
      HISTORY_MAX,
    ).flatMap((row) => {
      const unit = PriceUnitSchema.safeParse(row.unit);
      if (!unit.success) return [];
      const source = row.source === "user" || row.source === "published" ? row.source : "learned";
      return [
        {
          model: row.model,
          unit: unit.data,
          size: row.size === "" ? null : row.size,
          source,
          price: row.price,
          at: new Date(row.changed_at).toISOString(),
        },
      ];
    });
  }
}
