import type { DatabaseSync } from "node:sqlite";
import type { BalanceSample, BudgetSnapshot } from "../../../shared/ipc/budget.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import { allRows } from "../../common/sql-rows.ts";

/** Balance and budgets of a profile's key; every reading is kept as a sample for history. */
export class BudgetService {
  private readonly db: DatabaseSync;
  private readonly clientFor: (profileId: string) => GatewayClient;

  constructor(db: DatabaseSync, clientFor: (profileId: string) => GatewayClient) {
    this.db = db;
    this.clientFor = clientFor;
  }

  async snapshot(profileId: string): Promise<BudgetSnapshot> {
    const { data, meta } = await this.clientFor(profileId).getBalance();
    const now = Date.now();
    this.db
      .prepare(
        "INSERT INTO balance_samples (profile_id, sampled_at, balance, daily_used, monthly_used) VALUES (?, ?, ?, ?, ?)",
      )
      .run(profileId, now, data.balance, data.api_key.daily_used, data.api_key.monthly_used);
    return {
      profileId,
      balance: data,
      fetchedAt: new Date(now).toISOString(),
      requestId: meta.requestId,
      rateLimit: meta.rateLimit,
    };
  }

  /** The latest readings of a profile, oldest first. */
  history(profileId: string, limit = 240): BalanceSample[] {
    const rows = allRows<{
      sampled_at: number;
      balance: number;
      daily_used: number | null;
      monthly_used: number | null;
    }>(
      this.db.prepare(
        "SELECT sampled_at, balance, daily_used, monthly_used FROM balance_samples WHERE profile_id = ? ORDER BY sampled_at DESC LIMIT ?",
      ),
      profileId,
      limit,
    );
    return rows.reverse().map((row) => ({
      at: new Date(row.sampled_at).toISOString(),
      balance: row.balance,
      dailyUsed: row.daily_used,
      monthlyUsed: row.monthly_used,
    }));
  }
}
