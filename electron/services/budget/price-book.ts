import type { DatabaseSync } from "node:sqlite";
import {
  PriceUnitSchema,
  type CostEstimate,
  type CostEstimateRequest,
  type ModelPrice,
  type PriceUnit,
} from "../../../shared/ipc/ledger.ts";
import { allRows } from "../../common/sql-rows.ts";
import { DEFAULT_IMAGE_SIZE, DEFAULT_VIDEO_SECONDS, DEFAULT_VIDEO_SIZE } from "./ledger-call.ts";

/** One price the fitting learned. */
export interface LearnedPrice {
  readonly model: string;
  readonly unit: PriceUnit;
  readonly size: string | null;
  readonly price: number;
  readonly observations: number;
}

interface PriceRow {
  model: string;
  unit: string;
  size: string;
  source: string;
  price: number;
  observations: number;
}

/** Per-profile model prices: learned from observed charges, overridden by the user where they set one. */
export class PriceBook {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** The prices in force: a user's price wins over the learned one for the same model, unit and size. */
  prices(profileId: string): ModelPrice[] {
    const rows = allRows<PriceRow>(
      this.db.prepare(
        `SELECT model, unit, size, source, price, observations FROM model_prices WHERE profile_id = ?
         ORDER BY model, unit, size, source = 'user' DESC`,
      ),
      profileId,
    );
    const inForce = new Map<string, ModelPrice>();
    for (const row of rows) {
      const unit = PriceUnitSchema.safeParse(row.unit);
      if (!unit.success) continue;
      const key = `${row.model}\u0000${row.unit}\u0000${row.size}`;
      const earlier = inForce.get(key);
      if (earlier) {
        // The user's row came first; it shows how many requests the learned one rests on.
        inForce.set(key, { ...earlier, observations: row.observations });
        continue;
      }
      inForce.set(key, {
        model: row.model,
        unit: unit.data,
        size: row.size === "" ? null : row.size,
        price: row.price,
        source: row.source === "user" ? "user" : "learned",
        observations: row.observations,
      });
    }
    return [...inForce.values()];
  }

  /** Sets or (with a null price) removes the user's price. */
  setUserPrice(profileId: string, model: string, unit: PriceUnit, size: string | null, price: number | null): void {
    if (price === null) {
      this.db
        .prepare(
          "DELETE FROM model_prices WHERE profile_id = ? AND model = ? AND unit = ? AND size = ? AND source = 'user'",
        )
        .run(profileId, model, unit, size ?? "");
      return;
    }
    this.db
      .prepare(
        `INSERT INTO model_prices (profile_id, model, unit, size, source, price, observations, updated_at)
         VALUES (?, ?, ?, ?, 'user', ?, 0, ?)
         ON CONFLICT (profile_id, model, unit, size, source) DO UPDATE SET price = excluded.price, updated_at = excluded.updated_at`,
      )
      .run(profileId, model, unit, size ?? "", price, Date.now());
  }

  /** Replaces what was learned for a profile. */
  replaceLearned(profileId: string, learned: readonly LearnedPrice[]): void {
    const now = Date.now();
    this.db.exec("BEGIN");
    try {
      this.db.prepare("DELETE FROM model_prices WHERE profile_id = ? AND source = 'learned'").run(profileId);
      const insert = this.db.prepare(
        `INSERT INTO model_prices (profile_id, model, unit, size, source, price, observations, updated_at)
         VALUES (?, ?, ?, ?, 'learned', ?, ?, ?)`,
      );
      for (const price of learned) {
        insert.run(profileId, price.model, price.unit, price.size ?? "", price.price, price.observations, now);
      }
      this.db.exec("COMMIT");
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
  }

  /** The price in force for a model's unit: at this size, else without size, else at any size. */
  priceOf(prices: readonly ModelPrice[], model: string, unit: PriceUnit, size: string | null): ModelPrice | null {
    const ofUnit = prices.filter((price) => price.model === model && price.unit === unit);
    return (
      ofUnit.find((price) => price.size === size) ?? ofUnit.find((price) => price.size === null) ?? ofUnit[0] ?? null
    );
  }

  /** A price before paying: n images at the size, or the video's seconds at the size. */
  estimate(profileId: string, request: CostEstimateRequest): CostEstimate {
    const prices = this.prices(profileId);
    const image = request.kind === "image";
    const unit: PriceUnit = image ? "image" : "video_second";
    const size = request.size ?? (image ? DEFAULT_IMAGE_SIZE : DEFAULT_VIDEO_SIZE);
    const units = image ? (request.n ?? 1) : (request.duration ?? DEFAULT_VIDEO_SECONDS);
    const price = this.priceOf(prices, request.model, unit, size);
    if (!price) return { amount: null, source: null };
    const perCall = this.priceOf(prices, request.model, "call", null)?.price ?? 0;
    return { amount: perCall + price.price * units, source: price.source };
  }
}
