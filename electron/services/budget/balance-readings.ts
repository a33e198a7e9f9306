import type { DatabaseSync } from "node:sqlite";
import { allRows } from "../../common/sql-rows.ts";
import type { BalanceReading } from "./balance-movements.ts";

/** The readings of a profile's balance a run judges: the one before `since` (the baseline) and every one after. */
export function readingsSince(db: DatabaseSync, profileId: string, since: number): BalanceReading[] {
  return readings(
    db,
    `WHERE profile_id = ?1 AND sampled_at >= COALESCE(
       (SELECT MAX(sampled_at) FROM balance_samples WHERE profile_id = ?1 AND sampled_at <= ?2), ?2)
     ORDER BY sampled_at`,
    profileId,
    since,
  );
}

/** With nothing to attribute and no reading judged yet, the latest reading is where judging starts. */
export function latestReading(db: DatabaseSync, profileId: string): BalanceReading[] {
  return readings(db, "WHERE profile_id = ?1 ORDER BY sampled_at DESC LIMIT 1", profileId);
}

function readings(db: DatabaseSync, where: string, ...params: (string | number)[]): BalanceReading[] {
  const rows = allRows<{
    sent_at: number | null;
    sampled_at: number;
    balance: number;
    daily_used: number | null;
    monthly_used: number | null;
    daily_reset_at: string | null;
    monthly_reset_at: string | null;
  }>(
    db.prepare(
      `SELECT sent_at, sampled_at, balance, daily_used, monthly_used, daily_reset_at, monthly_reset_at
       FROM balance_samples ${where}`,
    ),
    ...params,
  );
  return rows.map((row) => ({
    sentAt: row.sent_at ?? row.sampled_at,
    receivedAt: row.sampled_at,
    balance: row.balance,
    dailyUsed: row.daily_used,
    monthlyUsed: row.monthly_used,
    dailyResetAt: row.daily_reset_at,
    monthlyResetAt: row.monthly_reset_at,
  }));
}
