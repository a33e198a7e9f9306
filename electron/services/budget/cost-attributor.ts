import type { DatabaseSync } from "node:sqlite";
import { ACTIVE_TASK_STATUSES } from "../../../shared/ipc/tasks.ts";
import { allRows, onlyRow } from "../../common/sql-rows.ts";
import { attribute, type Attribution } from "./balance-movements.ts";
import { callPricing, pricingContextOf, type PricingContext } from "./call-pricing.ts";
import { ConfirmedSizes } from "./confirmed-sizes.ts";
import { NOISE, type AttributedEvent } from "./movement-split.ts";
import { latestReading, readingsSince } from "./balance-readings.ts";
import { OtherSpendLedger } from "./other-spend.ts";
import type { PriceBook } from "./price-book.ts";
import { detectPriceChange } from "./price-change.ts";
import { fitPrices, type Feature } from "./price-fitting.ts";
import { estimateOfStoredCalls, explainedObservations } from "./price-observations.ts";
import {
  callOf,
  featuresOfRow,
  moneyEventsOf,
  NO_PRICING,
  recordCost,
  UNKNOWN,
  unmeasured,
  waitingRows,
  WAITING_COLUMNS,
  idOf,
  type Unknown,
  type WaitingRow,
} from "./waiting-calls.ts";

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
  private readonly sizes: ConfirmedSizes;

  constructor(db: DatabaseSync, prices: PriceBook) {
    this.db = db;
    this.prices = prices;
    this.other = new OtherSpendLedger(db);
    this.sizes = new ConfirmedSizes(db);
  }

  /** Attributes what the readings so far can tell; true when a cost, refund or other spend was written. */
  run(profileId: string): boolean {
    const rows = waitingRows(this.db, profileId);
    const context = this.pricingContext(profileId);
    const features = new Map(rows.map((row) => [row.id, featuresOfRow(row)]));
    const pricing = new Map(rows.map((row) => [row.id, callPricing(this.db, callOf(row), context)]));
    const events = rows.flatMap((row) => moneyEventsOf(row, pricing.get(row.id) ?? NO_PRICING));
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
    for (const event of result.attributed) {
      const confirmed = event.kind === "measured" && event.id.startsWith("charge:") ? featuresOfEvent(event.id) : null;
      if (confirmed) this.sizes.confirm(profileId, confirmed);
    }
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
    const context = this.pricingContext(profileId);
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
      const call = callPricing(this.db, callOf(row), context);
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
    recordCost(this.db, event);
  }

  private pricingContext(profileId: string): PricingContext {
    return pricingContextOf(this.prices, this.sizes, profileId);
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

/** The event of a movement that was a single call's charge alone (no refund, no other call), or null. */
function loneChargeOf(group: { readonly eventIds: readonly string[] }): string | null {
  const [only, ...others] = group.eventIds;
  // Stryker disable next-line OptionalChaining: a movement is attributed to one event at least
  return only?.startsWith("charge:") && others.length === 0 ? only : null;
}
