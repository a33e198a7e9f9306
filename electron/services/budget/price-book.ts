import type { DatabaseSync } from "node:sqlite";
import {
  PriceUnitSchema,
  type CostEstimate,
  type CostEstimateRequest,
  type ModelPrice,
  type PriceSource,
  type PriceUnit,
} from "../../../shared/ipc/prices.ts";
import { allRows } from "../../common/sql-rows.ts";
import { DEFAULT_IMAGE_SIZE, DEFAULT_VIDEO_SECONDS, DEFAULT_VIDEO_SIZE } from "../ledger/call-terms.ts";
import { ConfirmedSizes } from "./confirmed-sizes.ts";
import { PriceHistory } from "./price-history.ts";
import { sizeFactors } from "./unconfirmed-size.ts";
import { OBSERVATION_INVOLVES_MODEL } from "./price-change.ts";
import { priceOf } from "./price-lookup.ts";
import { inTransaction } from "../../common/sql-transaction.ts";

/** One price the fitting learned, or the server published. */
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

/**
 * Which price wins for the same model, unit and size: the user's, then what the server publishes
 * (times the factor by which the charges showed it out of date, if they did), then what was
 * learned from charges.
 */
const RANK = "CASE source WHEN 'user' THEN 0 WHEN 'published' THEN 1 ELSE 2 END";

/** Per-profile model prices: published by the server, learned from observed charges, or set by the user. */
export class PriceBook {
  private readonly db: DatabaseSync;
  readonly history: PriceHistory;
  private readonly sizes: ConfirmedSizes;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.history = new PriceHistory(db);
    this.sizes = new ConfirmedSizes(db);
  }

  /** The prices in force, one per model, unit and size. */
  prices(profileId: string): ModelPrice[] {
    const rows = allRows<PriceRow>(
      this.db.prepare(
        `SELECT model, unit, size, source, price * COALESCE(observed_factor, 1) AS price, observations
         FROM model_prices WHERE profile_id = ? ORDER BY model, unit, size, ${RANK}`,
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
        // The winning row came first; a learned one behind it shows how many requests it rests on.
        if (row.source === "learned") inForce.set(key, { ...earlier, observations: row.observations });
        continue;
      }
      inForce.set(key, {
        model: row.model,
        unit: unit.data,
        size: row.size === "" ? null : row.size,
        price: row.price,
        source: sourceOf(row.source),
        observations: row.source === "learned" ? row.observations : 0,
      });
    }
    // A price published or set without a size covers every size: what was learned at one gives way.
    const all = [...inForce.values()];
    return all.filter(
      (price) =>
        price.source !== "learned" ||
        !all.some(
          (other) =>
            other.source !== "learned" &&
            other.model === price.model &&
            other.unit === price.unit &&
            other.size === null,
        ),
    );
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
    this.upsert(profileId, { model, unit, size, price, observations: 0 }, "user");
  }

  /** Replaces what was learned for a profile. */
  replaceLearned(profileId: string, learned: readonly LearnedPrice[]): void {
    inTransaction(this.db, () => {
      this.db.prepare("DELETE FROM model_prices WHERE profile_id = ? AND source = 'learned'").run(profileId);
      for (const price of learned) this.upsert(profileId, price, "learned");
    });
  }

  /** What the server lists in its model list; a listed price that changed holds again as listed. */
  replacePublished(profileId: string, published: readonly LearnedPrice[]): void {
    inTransaction(this.db, () => {
      const before = new Map(
        allRows<{ model: string; unit: string; size: string; price: number; observed_factor: number | null }>(
          this.db.prepare(
            `SELECT model, unit, size, price, observed_factor FROM model_prices
             WHERE profile_id = ? AND source = 'published'`,
          ),
          profileId,
        ).map((row) => [`${row.model}\u0000${row.unit}\u0000${row.size}`, row]),
      );
      this.db.prepare("DELETE FROM model_prices WHERE profile_id = ? AND source = 'published'").run(profileId);
      for (const price of published) {
        const old = before.get(`${price.model}\u0000${price.unit}\u0000${price.size ?? ""}`);
        this.upsert(profileId, price, "published", old?.price === price.price ? old.observed_factor : null);
      }
    });
  }

  /**
   * The charges show a model's prices moved by `ratio` (calls in a row agreeing): what it publishes
   * is taken times that ratio, and so is what was learned of it.
   */
  applyChange(profileId: string, model: string, ratio: number): void {
    inTransaction(this.db, () => {
      this.db
        .prepare(
          `UPDATE model_prices SET observed_factor = COALESCE(observed_factor, 1) * ?1
           WHERE profile_id = ?2 AND model = ?3 AND source = 'published'`,
        )
        .run(ratio, profileId, model);
      this.db
        .prepare(
          "UPDATE model_prices SET price = price * ?1 WHERE profile_id = ?2 AND model = ?3 AND source = 'learned'",
        )
        .run(ratio, profileId, model);
    });
    for (const price of this.prices(profileId))
      if (price.model === model) this.history.note(profileId, price, price.source);
  }

  /** The prices a fit may lean on: published (as the charges corrected them) and the user's. */
  trusted(profileId: string): ModelPrice[] {
    return this.prices(profileId).filter((price) => price.source !== "learned");
  }

  /** Forgets what was learned of a model, so the published price (or a fresh learning) applies again. */
  resetLearned(profileId: string, model: string): void {
    inTransaction(this.db, () => {
      this.db
        .prepare("DELETE FROM model_prices WHERE profile_id = ? AND model = ? AND source = 'learned'")
        .run(profileId, model);
      this.db
        .prepare(
          "UPDATE model_prices SET observed_factor = NULL WHERE profile_id = ? AND model = ? AND source = 'published'",
        )
        .run(profileId, model);
      this.db
        .prepare(`DELETE FROM price_observations WHERE profile_id = ? AND ${OBSERVATION_INVOLVES_MODEL}`)
        .run(profileId, model);
    });
  }

  /** A price before paying: n images at the size, the video's seconds at the size, or a reply's range. */
  estimate(profileId: string, request: CostEstimateRequest): CostEstimate {
    const prices = this.prices(profileId);
    const perCall = priceOf(prices, request.model, "call", null);
    if (request.kind === "chat") {
      const input = priceOf(prices, request.model, "input_1k", null);
      const output = priceOf(prices, request.model, "output_1k", null);
      if (!input || !output) return { amount: null, high: null, source: null };
      const low = (perCall?.price ?? 0) + (input.price * (request.inputTokens ?? 0)) / 1000;
      const high = low + (output.price * (request.maxTokens ?? 0)) / 1000;
      return { amount: low, high, source: input.source };
    }
    const image = request.kind === "image";
    const unit: PriceUnit = image ? "image" : "video_second";
    const size = request.size ?? (image ? DEFAULT_IMAGE_SIZE : DEFAULT_VIDEO_SIZE);
    const units = image ? (request.n ?? 1) : (request.duration ?? DEFAULT_VIDEO_SECONDS);
    const price = priceOf(prices, request.model, unit, size);
    if (!price) return { amount: null, high: null, source: null };
    const confirmed = this.sizes.of(profileId).at(request.model, unit);
    const [low, high] = sizeFactors(price, size, confirmed, image ? DEFAULT_IMAGE_SIZE : DEFAULT_VIDEO_SIZE);
    const base = perCall?.price ?? 0;
    return { amount: base + price.price * units * low, high: base + price.price * units * high, source: price.source };
  }

  private upsert(profileId: string, price: LearnedPrice, source: PriceSource, factor: number | null = null): void {
    this.db
      .prepare(
        `INSERT INTO model_prices (profile_id, model, unit, size, source, price, observations, updated_at, observed_factor)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile_id, model, unit, size, source) DO UPDATE SET price = excluded.price,
           observations = excluded.observations, updated_at = excluded.updated_at,
           observed_factor = excluded.observed_factor`,
      )
      .run(
        profileId,
        price.model,
        price.unit,
        price.size ?? "",
        source,
        price.price,
        price.observations,
        Date.now(),
        factor,
      );
    this.history.note(profileId, { ...price, price: price.price * (factor ?? 1) }, source);
  }
}

const sourceOf = (source: string): PriceSource =>
  source === "user" ? "user" : source === "published" ? "published" : "learned";
