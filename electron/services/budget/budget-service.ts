import type { DatabaseSync } from "node:sqlite";
import type { Balance } from "../../../shared/gateway-api/balance.ts";
import type { BalanceSample, BudgetSnapshot, OtherSpend } from "../../../shared/ipc/budget.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import { allRows, onlyRow } from "../../common/sql-rows.ts";
import { resolutionOf } from "./balance-movements.ts";
import { latestReading } from "./balance-readings.ts";
import { periodStart } from "./period-start.ts";
import { unconfirmedBetween } from "./reading-agreement.ts";
import { FULL_DETAIL_MS, thinReadings } from "./thin-readings.ts";

const DAY_MS = 24 * 3600 * 1000;
const NONE = { amount: 0, low: 0, high: 0 };
const LATEST_SAMPLES = 240;
/** Enough for a reading every minute for 90 days; more would not add to a chart. */
const DAYS_SAMPLES_MAX = 130_000;

/** Balance and budgets of a profile's key; every reading is kept as a sample for history. */
export class BudgetService {
  private readonly db: DatabaseSync;
  private readonly clientFor: (profileId: string) => GatewayClient;
  private readonly onReading: (snapshot: BudgetSnapshot) => void;
  private readonly otherSpendOf: (profileId: string, balance: Balance) => OtherSpend;

  constructor(
    db: DatabaseSync,
    clientFor: (profileId: string) => GatewayClient,
    onReading: (snapshot: BudgetSnapshot) => void = () => undefined,
    otherSpendOf: (profileId: string, balance: Balance) => OtherSpend = () => ({ today: NONE, month: NONE }),
  ) {
    this.db = db;
    this.clientFor = clientFor;
    this.onReading = onReading;
    this.otherSpendOf = otherSpendOf;
  }

  async snapshot(profileId: string): Promise<BudgetSnapshot> {
    const sentAt = Date.now();
    const { data, meta } = await this.clientFor(profileId).getBalance();
    const now = Date.now();
    const counters = {
      balance: data.balance,
      dailyUsed: data.api_key.daily_used,
      monthlyUsed: data.api_key.monthly_used,
      dailyResetAt: data.api_key.daily_reset_at,
      monthlyResetAt: data.api_key.monthly_reset_at,
    };
    const [previous] = latestReading(this.db, profileId);
    const unconfirmed = previous ? unconfirmedBetween(previous, counters, resolutionOf([previous, counters])) : 0;
    // When the request went out matters too: the gateway read the balance somewhere in between.
    this.db
      .prepare(
        `INSERT INTO balance_samples (profile_id, sent_at, sampled_at, balance, daily_used, monthly_used, unconfirmed,
           daily_reset_at, monthly_reset_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        profileId,
        sentAt,
        now,
        data.balance,
        data.api_key.daily_used,
        data.api_key.monthly_used,
        unconfirmed,
        data.api_key.daily_reset_at ?? null,
        data.api_key.monthly_reset_at ?? null,
      );
    const snapshot = {
      profileId,
      balance: data,
      fetchedAt: new Date(now).toISOString(),
      requestId: meta.requestId,
      rateLimit: meta.rateLimit,
    };
    // The reading settles costs first (onReading), so the other spend it names includes its own stretch.
    this.onReading(snapshot);
    return {
      ...snapshot,
      otherSpend: this.otherSpendOf(profileId, data),
      unconfirmedToday: this.unconfirmedSince(profileId, periodStart(data.api_key.daily_reset_at, "day")),
    };
  }

  /** How much of today's readings' moves the key's two counters did not both show: never counted. */
  private unconfirmedSince(profileId: string, since: number): number {
    return onlyRow<{ total: number }>(
      this.db.prepare(
        "SELECT COALESCE(SUM(unconfirmed), 0) AS total FROM balance_samples WHERE profile_id = ? AND sampled_at >= ?",
      ),
      profileId,
      since,
    ).total;
  }

  /**
   * The latest readings of a profile, oldest first; with `days`, the readings of that many days:
   * all of the last two, older ones thinned (see thin-readings.ts).
   */
  history(profileId: string, days?: number): BalanceSample[] {
    const since = days === undefined ? 0 : Date.now() - days * DAY_MS;
    const limit = days === undefined ? LATEST_SAMPLES : DAYS_SAMPLES_MAX;
    const rows = allRows<{
      sampled_at: number;
      balance: number;
      daily_used: number | null;
      monthly_used: number | null;
    }>(
      this.db.prepare(
        "SELECT sampled_at, balance, daily_used, monthly_used FROM balance_samples WHERE profile_id = ? AND sampled_at >= ? ORDER BY sampled_at DESC LIMIT ?",
      ),
      profileId,
      since,
      limit,
    );
    const oldestFirst = rows.reverse().map((row) => ({ ...row, at: row.sampled_at }));
    const shown = days === undefined ? oldestFirst : thinReadings(oldestFirst, Date.now() - FULL_DETAIL_MS);
    return shown.map((row) => ({
      at: new Date(row.sampled_at).toISOString(),
      balance: row.balance,
      dailyUsed: row.daily_used,
      monthlyUsed: row.monthly_used,
    }));
  }
}
