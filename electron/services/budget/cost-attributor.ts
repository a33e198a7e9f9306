import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import { PriceUnitSchema } from "../../../shared/ipc/ledger.ts";
import { allRows } from "../../common/sql-rows.ts";
import { readStoredJson } from "../store/stored-json.ts";
import { attribute, type BalanceReading, type MoneyEvent } from "./cost-attribution.ts";
import type { PriceBook } from "./price-book.ts";
import { estimateOf, featuresOf, fitPrices, type PriceObservation } from "./price-fitting.ts";

/** Prices are fitted to this many of the latest movements. */
const FIT_WINDOW = 2000;

const FeatureSchema = z.object({
  model: z.string(),
  unit: PriceUnitSchema,
  size: z.string().nullable(),
  quantity: z.number(),
});
const StoredCallsSchema = z.array(
  z.object({ features: z.array(FeatureSchema), sign: z.union([z.literal(1), z.literal(-1)]) }),
);

interface WaitingRow {
  id: number;
  kind: string;
  model: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  units: number | null;
  size: string | null;
  started_at: number;
  settled_at: number | null;
  attributed: number;
  cost: number | null;
  refund_pending: number;
  refund_from: number | null;
  refund_to: number | null;
}

/**
 * Turns balance readings into costs in the ledger: each closed movement is attributed to its calls
 * and refunds, kept as an observation, and the profile's prices are fitted again to all of them.
 */
export class CostAttributor {
  private readonly db: DatabaseSync;
  private readonly prices: PriceBook;

  constructor(db: DatabaseSync, prices: PriceBook) {
    this.db = db;
    this.prices = prices;
  }

  /** Attributes what the readings so far can tell; true when a cost or refund was written. */
  run(profileId: string): boolean {
    const rows = allRows<WaitingRow>(
      this.db.prepare(
        `SELECT id, kind, model, input_tokens, output_tokens, units, size, started_at, settled_at, attributed, cost,
                refund_pending, refund_from, refund_to
         FROM request_log WHERE profile_id = ? AND chargeable = 1 AND (attributed = 0 OR refund_pending = 1)`,
      ),
      profileId,
    );
    if (rows.length === 0) return false;
    const prices = this.prices.prices(profileId);
    const features = new Map(
      rows.map((row) => [
        row.id,
        featuresOf({ ...row, inputTokens: row.input_tokens, outputTokens: row.output_tokens }),
      ]),
    );
    const events: MoneyEvent[] = [];
    for (const row of rows) {
      const estimate = estimateOf(features.get(row.id) ?? null, prices);
      if (row.attributed === 0) {
        events.push({ id: `charge:${row.id}`, from: row.started_at, to: row.settled_at, sign: 1, estimate });
      }
      if (row.refund_pending === 1 && row.refund_from !== null) {
        events.push({
          id: `refund:${row.id}`,
          from: row.refund_from,
          to: row.refund_to,
          sign: -1,
          estimate: row.cost ?? estimate,
        });
      }
    }
    const earliest = Math.min(...events.map((event) => event.from));
    const result = attribute(this.readingsSince(profileId, earliest), events);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const rowOf = (eventId: string) => byId.get(Number(eventId.slice(eventId.indexOf(":") + 1)));
    this.db.exec("BEGIN");
    try {
      for (const { id, amount, basis } of result.attributed) this.record(id, amount, basis);
      for (const id of result.unmeasurable) {
        const row = rowOf(id);
        const estimate = id.startsWith("refund:")
          ? (row?.cost ?? null)
          : estimateOf(features.get(row?.id ?? -1) ?? null, prices);
        this.record(id, estimate, estimate === null ? "unknown" : "estimated");
      }
      const observe = this.db.prepare(
        "INSERT INTO price_observations (profile_id, observed_at, amount, calls) VALUES (?, ?, ?, ?)",
      );
      for (const group of result.groups) {
        const calls = group.eventIds.map((id) => ({
          features: features.get(rowOf(id)?.id ?? -1) ?? null,
          sign: id.startsWith("refund:") ? -1 : 1,
        }));
        if (calls.every((call) => call.features !== null))
          observe.run(profileId, Date.now(), group.spent, JSON.stringify(calls));
      }
      this.db.exec("COMMIT");
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
    if (result.groups.length > 0) this.refit(profileId);
    return result.attributed.length + result.unmeasurable.length > 0;
  }

  /** Fits the prices again to every observation, then estimates what has no cost yet. */
  refit(profileId: string): void {
    this.prices.replaceLearned(profileId, fitPrices(this.observations(profileId)));
    this.estimateUnpriced(profileId);
  }

  /** Gives calls with no cost yet an estimate from the prices in force (a measurement still replaces it). */
  estimateUnpriced(profileId: string): void {
    const prices = this.prices.prices(profileId);
    const unknown = allRows<WaitingRow>(
      this.db.prepare(
        `SELECT id, kind, model, input_tokens, output_tokens, units, size, started_at, settled_at, attributed, cost,
                refund_pending, refund_from, refund_to
         FROM request_log WHERE profile_id = ? AND chargeable = 1 AND cost_basis = 'unknown'`,
      ),
      profileId,
    );
    const update = this.db.prepare("UPDATE request_log SET cost = ?, cost_basis = 'estimated' WHERE id = ?");
    for (const row of unknown) {
      const estimate = estimateOf(
        featuresOf({ ...row, inputTokens: row.input_tokens, outputTokens: row.output_tokens }),
        prices,
      );
      if (estimate !== null) update.run(estimate, row.id);
    }
  }

  observations(profileId: string): PriceObservation[] {
    const rows = allRows<{ amount: number; calls: string }>(
      this.db.prepare("SELECT amount, calls FROM price_observations WHERE profile_id = ? ORDER BY id DESC LIMIT ?"),
      profileId,
      FIT_WINDOW,
    );
    return rows.flatMap((row) => {
      const calls = readStoredJson(row.calls, StoredCallsSchema, null);
      return calls ? [{ amount: row.amount, calls }] : [];
    });
  }

  private record(eventId: string, amount: number | null, basis: string): void {
    const id = Number(eventId.slice(eventId.indexOf(":") + 1));
    if (eventId.startsWith("refund:")) {
      this.db.prepare("UPDATE request_log SET refund = ?, refund_pending = 0 WHERE id = ?").run(amount, id);
    } else {
      this.db
        .prepare("UPDATE request_log SET cost = ?, cost_basis = ?, attributed = 1 WHERE id = ?")
        .run(amount, basis, id);
    }
  }

  /** The reading before `since` (the baseline) and every one after. */
  private readingsSince(profileId: string, since: number): BalanceReading[] {
    const rows = allRows<{ sent_at: number | null; sampled_at: number; balance: number; daily_used: number | null }>(
      this.db.prepare(
        `SELECT sent_at, sampled_at, balance, daily_used FROM balance_samples
         WHERE profile_id = ?1 AND sampled_at >= COALESCE(
           (SELECT MAX(sampled_at) FROM balance_samples WHERE profile_id = ?1 AND sampled_at <= ?2), ?2)
         ORDER BY sampled_at`,
      ),
      profileId,
      since,
    );
    return rows.map((row) => ({
      sentAt: row.sent_at ?? row.sampled_at,
      receivedAt: row.sampled_at,
      balance: row.balance,
      dailyUsed: row.daily_used,
    }));
  }
}
