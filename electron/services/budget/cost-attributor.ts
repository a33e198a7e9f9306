import type { DatabaseSync } from "node:sqlite";
import { ACTIVE_TASK_STATUSES } from "../../../shared/ipc/tasks.ts";
import { allRows, onlyRow } from "../../common/sql-rows.ts";
import { attribute, type Attribution } from "./balance-movements.ts";
import { callPricing, type CallPricing } from "./call-pricing.ts";
import { NOISE, type AttributedEvent, type MoneyEvent } from "./movement-split.ts";
import { latestReading, readingsSince } from "./balance-readings.ts";
import { OtherSpendLedger } from "./other-spend.ts";
import type { PriceBook } from "./price-book.ts";
import { detectPriceChange } from "./price-change.ts";
import { featuresOf, fitPrices, type Feature } from "./price-fitting.ts";
import { estimateOfStoredCalls, explainedObservations } from "./price-observations.ts";

interface WaitingRow {
  id: number;
  kind: string;
  model: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  units: number | null;
  size: string | null;
  max_tokens: number | null;
  started_at: number;
  settled_at: number | null;
  attributed: number;
  cost: number | null;
  cost_kind: string;
  refund_pending: number;
  refund_from: number | null;
  refund_to: number | null;
}

const WAITING_COLUMNS = `id, kind, model, input_tokens, output_tokens, units, size, max_tokens, started_at, settled_at,
  attributed, cost, cost_kind, refund_pending, refund_from, refund_to`;

const callOf = (row: WaitingRow) => ({
  ...row,
  inputTokens: row.input_tokens,
  outputTokens: row.output_tokens,
  maxTokens: row.max_tokens,
});
const featuresOfRow = (row: WaitingRow) => featuresOf(callOf(row));
/** Costs the ledger holds as one exact figure: a refund of them gives back just that. */
const EXACT_KINDS = ["priced", "measured"];

/**
 * Turns balance readings into costs in the ledger, by the rules of balance-movements.ts: each
 * closed movement is attributed to the app's calls and refunds in it, what they do not explain
 * becomes other spend on the key, each movement is kept as an observation, and the profile's
 * prices are fitted again.
 */
export class CostAttributor {
  private readonly db: DatabaseSync;
  private readonly prices: PriceBook;
  private readonly other: OtherSpendLedger;

  constructor(db: DatabaseSync, prices: PriceBook) {
    this.db = db;
    this.prices = prices;
    this.other = new OtherSpendLedger(db);
  }

  /** Attributes what the readings so far can tell; true when a cost, refund or other spend was written. */
  run(profileId: string): boolean {
    const rows = allRows<WaitingRow>(
      this.db.prepare(
        `SELECT ${WAITING_COLUMNS} FROM request_log
         WHERE profile_id = ? AND chargeable = 1 AND outside = 0 AND (attributed = 0 OR refund_pending = 1)`,
      ),
      profileId,
    );
    const prices = this.prices.prices(profileId);
    const lowest = this.prices.history.lowestTrusted(profileId);
    const features = new Map(rows.map((row) => [row.id, featuresOfRow(row)]));
    const pricing = new Map(rows.map((row) => [row.id, callPricing(this.db, callOf(row), prices, lowest)]));
    const events: MoneyEvent[] = [];
    for (const row of rows) {
      // Stryker disable next-line LogicalOperator: every row was priced just above
      const call = pricing.get(row.id) ?? NO_PRICING;
      if (row.attributed === 0) {
        const { estimate, priced, low, high } = call;
        events.push({
          id: `charge:${row.id}`,
          from: row.started_at,
          to: row.settled_at,
          sign: 1,
          estimate,
          priced,
          low,
          high,
        });
      }
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a refund's start is written with its pending flag, and no refund is settled before its call
      if (row.refund_pending === 1 && row.refund_from !== null) {
        // A refund gives back what its call was booked at, so the call's net is nothing whatever its range.
        const refunded = row.cost ?? call.estimate ?? call.low;
        const exact = row.cost === null ? call.priced : EXACT_KINDS.includes(row.cost_kind);
        events.push({
          id: `refund:${row.id}`,
          from: row.refund_from,
          to: row.refund_to,
          sign: -1,
          estimate: refunded,
          priced: exact,
          ...(row.attributed === 0 ? { of: `charge:${row.id}` } : {}),
        });
      }
    }
    const cursor = this.other.cursor(profileId);
    const since = Math.min(cursor ?? Infinity, ...events.map((event) => event.from));
    const readings = Number.isFinite(since)
      ? readingsSince(this.db, profileId, since)
      : latestReading(this.db, profileId);
    const first = readings[0];
    if (!first) return false;
    const result = attribute(readings, events, {
      accounted: this.other.accountedSince(profileId, first.receivedAt),
      holdFrom: this.runningTaskSince(profileId),
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const rowOf = (eventId: string) => byId.get(idOf(eventId));
    const featuresOfEvent = (eventId: string) => features.get(idOf(eventId)) ?? null;
    const written = this.write(
      profileId,
      result,
      (id) => {
        const row = rowOf(id);
        // Stryker disable next-line ConditionalExpression: every event is of a waiting call's row
        if (!row) return null;
        const call = pricing.get(row.id) ?? NO_PRICING;
        // A refund gives back what its call was booked at, or (the call unmeasured too) what the prices say.
        if (id.startsWith("refund:")) return unmeasured(id, row.cost ?? call.fallback, call);
        return unmeasured(id, call.fallback, call);
      },
      featuresOfEvent,
    );
    const changed = new Set<string>();
    for (const group of result.groups) {
      const lone = loneChargeOf(group);
      // Stryker disable next-line OptionalChaining: every event is of a waiting call's row
      const model = lone === null ? null : rowOf(lone)?.model;
      // Stryker disable next-line ConditionalExpression: a model that is null has no movements to compare
      if (model) changed.add(model);
    }
    for (const model of changed) {
      const change = detectPriceChange(this.db, profileId, model, (calls) =>
        estimateOfStoredCalls(calls, this.prices.prices(profileId)),
      );
      if (change) {
        this.prices.applyChange(profileId, model, change.ratio);
        this.other.explainAgain(change.observations);
      }
    }
    if (result.groups.length > 0) this.refit(profileId);
    return written;
  }

  /** Fits the prices again to the movements the app's calls explain, then estimates what has no cost yet. */
  refit(profileId: string): void {
    this.prices.replaceLearned(
      profileId,
      fitPrices(explainedObservations(this.db, profileId), this.prices.trusted(profileId)),
    );
    this.estimateUnpriced(profileId);
  }

  /** Gives calls with no cost yet an estimate from the prices in force (a measurement still replaces it). */
  estimateUnpriced(profileId: string): void {
    const prices = this.prices.prices(profileId);
    const lowest = this.prices.history.lowestTrusted(profileId);
    const unknown = allRows<WaitingRow>(
      this.db.prepare(
        `SELECT ${WAITING_COLUMNS} FROM request_log WHERE profile_id = ? AND chargeable = 1 AND cost_kind = 'unknown'`,
      ),
      profileId,
    );
    // Not attributed: a movement read later still measures the call.
    const update = this.db.prepare(
      "UPDATE request_log SET cost = ?, cost_low = ?, cost_high = ?, cost_kind = ? WHERE id = ?",
    );
    for (const row of unknown) {
      const call = callPricing(this.db, callOf(row), prices, lowest);
      const estimate = unmeasured(`charge:${row.id}`, call.fallback, call);
      if (estimate) update.run(estimate.amount, estimate.low, estimate.high, estimate.kind, row.id);
    }
  }

  private write(
    profileId: string,
    result: Attribution,
    estimateFor: (eventId: string) => AttributedEvent | null,
    featuresOfEvent: (eventId: string) => readonly Feature[] | null,
  ): boolean {
    this.db.exec("BEGIN");
    try {
      for (const event of result.attributed) this.record(event);
      for (const id of result.unmeasurable) this.record(estimateFor(id) ?? UNKNOWN(id));
      for (const spend of result.otherSpend) this.other.insert(profileId, spend, spend.amount, spend.amount);
      const observe = this.db.prepare(
        `INSERT INTO price_observations (profile_id, observed_at, amount, calls, expected, explained, charge_id, other_id, model)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const group of result.groups) {
        const other =
          group.other === 0 && group.otherHigh === 0
            ? null
            : this.other.insert(profileId, { ...group, amount: group.other }, group.otherLow, group.otherHigh);
        const calls = group.eventIds.flatMap((id) => {
          const features = featuresOfEvent(id);
          return features ? [{ features, sign: id.startsWith("refund:") ? -1 : 1 }] : [];
        });
        // A call whose quantities are unknown (a stopped reply) leaves its movement nothing to teach.
        if (calls.length < group.eventIds.length) continue;
        const lone = loneChargeOf(group);
        const models = new Set(calls.flatMap((call) => call.features.map((feature) => feature.model)));
        observe.run(
          profileId,
          Date.now(),
          group.spent,
          JSON.stringify(calls),
          // A single-priced call (an image, a video) is held against even a price learned from few
          // calls, so a change of price is noticed before its price has settled.
          // Stryker disable next-line OptionalChaining: a lone charge's movement has one call
          group.expected ??
            (lone !== null && calls[0]?.features.length === 1 ? (estimateFor(lone)?.amount ?? null) : null),
          // A movement some of which is surely someone else's teaches nothing of the calls' prices.
          group.otherLow > NOISE ? 0 : 1,
          lone === null ? null : idOf(lone),
          other,
          // Stryker disable next-line ConditionalExpression: the model is read only of a lone charge's movement, whose calls are of one model
          models.size === 1 ? ([...models][0] ?? null) : null,
        );
      }
      // Stryker disable next-line ConditionalExpression: a run has a reading, and attribution settles through one of them
      if (result.settledThrough) this.other.advance(profileId, result.settledThrough.receivedAt);
      this.db.exec("COMMIT");
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
    return result.attributed.length + result.unmeasurable.length + result.otherSpend.length > 0;
  }

  private record(event: AttributedEvent | Unknown): void {
    const id = idOf(event.id);
    if (event.id.startsWith("refund:")) {
      this.db.prepare("UPDATE request_log SET refund = ?, refund_pending = 0 WHERE id = ?").run(event.amount, id);
    } else {
      this.db
        .prepare(
          "UPDATE request_log SET cost = ?, cost_low = ?, cost_high = ?, cost_kind = ?, attributed = 1 WHERE id = ?",
        )
        .run(event.amount, event.low, event.high, event.kind, id);
    }
  }

  /** When the oldest paid task of the profile that is still running began: it may yet be refunded. */
  private runningTaskSince(profileId: string): number | null {
    const statuses = ACTIVE_TASK_STATUSES.map((status) => `'${status}'`).join(", ");
    return onlyRow<{ since: number | null }>(
      this.db.prepare(
        `SELECT MIN(log.started_at) AS since FROM request_log AS log JOIN tasks ON tasks.id = log.task_id
         WHERE log.profile_id = ? AND log.chargeable = 1 AND tasks.status IN (${statuses})`,
      ),
      profileId,
    ).since;
  }
}

/** A call with nothing to price it by. */
interface Unknown {
  readonly id: string;
  readonly amount: null;
  readonly low: null;
  readonly high: null;
  readonly kind: "unknown";
}
const UNKNOWN = (id: string): Unknown => ({ id, amount: null, low: null, high: null, kind: "unknown" });
const NO_PRICING: CallPricing = { estimate: null, priced: false, low: 0, high: null, fallback: null };

/**
 * What a call no movement measures is booked at: its price when the server's list gives it, else
 * its usage (or the tokens the app counted) at the prices in force, ≈ and within its bounds.
 */
function unmeasured(id: string, amount: number | null, call: CallPricing): AttributedEvent | null {
  if (amount === null) return null;
  if (call.priced) return { id, amount, low: amount, high: amount, kind: "priced" };
  const point = Math.min(Math.max(amount, call.low), call.high ?? Infinity);
  return { id, amount: point, low: Math.min(call.low, point), high: call.high, kind: "estimated" };
}

/** The event of a movement that was a single call's charge alone (no refund, no other call), or null. */
function loneChargeOf(group: { readonly eventIds: readonly string[] }): string | null {
  const [only, ...others] = group.eventIds;
  // Stryker disable next-line OptionalChaining: a movement is attributed to one event at least
  return only?.startsWith("charge:") && others.length === 0 ? only : null;
}

const idOf = (eventId: string) => Number(eventId.slice(eventId.indexOf(":") + 1));
