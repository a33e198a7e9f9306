import type { DatabaseSync } from "node:sqlite";
import type { AccountDirectory, ApiKeyRecord } from "./accounts.ts";
import type { ModelConfig } from "./config.ts";
import { GatewayHttpError } from "./http-error.ts";
import { billingPeriods, isoWithOffset } from "./billing-periods.ts";
import { DEFAULT_PRICES } from "./model-catalog.ts";
import type { Balance } from "../../shared/gateway-api/balance.ts";
import { oneRow, onlyRow } from "../common/sql-rows.ts";

const roundYuan = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The tenant's funds and the key's budgets. Every accepted generation is charged here; a task
 * that fails or is cancelled is refunded, so only delivered work costs money.
 */
export class Billing {
  private readonly db: DatabaseSync;
  private readonly accounts: AccountDirectory;
  private readonly utcOffset: string;

  constructor(db: DatabaseSync, accounts: AccountDirectory, utcOffset: string) {
    this.db = db;
    this.accounts = accounts;
    this.utcOffset = utcOffset;
  }

  priceOf(model: ModelConfig) {
    return { ...DEFAULT_PRICES[model.kind], ...model.price };
  }

  /** What one image or second of video costs at `size`: its own price where the model has one, else `perUnit`. */
  unitPrice(model: ModelConfig, size: string): number {
    return model.price?.perUnitBySize?.[size] ?? this.priceOf(model).perUnit;
  }

  tokenCost(model: ModelConfig, inputTokens: number, outputTokens: number): number {
    const price = this.priceOf(model);
    return (inputTokens * price.inputPer1kTokens + outputTokens * price.outputPer1kTokens) / 1000;
  }

  /**
   * Refuses work the tenant or key cannot pay for: 402 INSUFFICIENT_BALANCE when the tenant's funds
   * are below `amount` (or exhausted), 402 BUDGET_EXCEEDED when a budget of the key is.
   */
  ensureCanSpend(key: ApiKeyRecord, amount: number, now: number): void {
    const funds = this.tenantBalance(key.tenantId);
    if (funds <= 0 || funds < amount) {
      throw new GatewayHttpError(
        402,
        "INSUFFICIENT_BALANCE",
        `The account balance (CNY ${funds.toFixed(2)}) cannot cover this request (CNY ${amount.toFixed(2)}). Top up to continue.`,
        { "x-should-retry": "false" },
      );
    }
    const periods = billingPeriods(now, this.utcOffset);
    const budgets = [
      { label: "daily", budget: key.dailyBudget, since: periods.dayStart, resetsAt: periods.dayReset },
      { label: "monthly", budget: key.monthlyBudget, since: periods.monthStart, resetsAt: periods.monthReset },
    ];
    for (const { label, budget, since, resetsAt } of budgets) {
      if (budget === null) continue;
      const remaining = budget - this.keySpentSince(key.id, since);
      if (remaining <= 0 || remaining < amount) {
        const resets = isoWithOffset(resetsAt, this.utcOffset);
        throw new GatewayHttpError(
          402,
          "BUDGET_EXCEEDED",
          remaining <= 0
            ? `The ${label} budget of this API key (CNY ${budget.toFixed(2)}) is used up; it resets at ${resets}.`
            : `The ${label} budget of this API key has CNY ${roundYuan(remaining)} left of CNY ${budget.toFixed(2)}, less than this request's CNY ${roundYuan(amount)}; it resets at ${resets}.`,
          { "x-should-retry": "false" },
        );
      }
    }
  }

  charge(
    key: ApiKeyRecord,
    model: string,
    amount: number,
    requestId: string,
    now: number,
    taskId: string | null = null,
  ) {
    if (amount <= 0) return;
    this.db
      .prepare(
        "INSERT INTO charges (key_id, tenant_id, amount, model, request_id, task_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(key.id, key.tenantId, amount, model, requestId, taskId, now);
  }

  /** Gives back what a task was charged; idempotent. */
  refundTask(taskId: string, now: number): void {
    const row = oneRow<{ key_id: string; tenant_id: string; model: string; request_id: string; total: number }>(
      this.db.prepare(
        "SELECT key_id, tenant_id, model, request_id, SUM(amount) AS total FROM charges WHERE task_id = ? GROUP BY task_id",
      ),
      taskId,
    );
    if (!row || row.total <= 0) return;
    this.db
      .prepare(
        "INSERT INTO charges (key_id, tenant_id, amount, model, request_id, task_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(row.key_id, row.tenant_id, -row.total, row.model, row.request_id, taskId, now);
  }

  tenantBalance(tenantId: string): number {
    const { spent } = onlyRow<{ spent: number }>(
      this.db.prepare("SELECT COALESCE(SUM(amount), 0) AS spent FROM charges WHERE tenant_id = ?"),
      tenantId,
    );
    return this.accounts.tenantFunds(tenantId) - spent;
  }

  keySpentSince(keyId: string, since: number): number {
    const { spent } = onlyRow<{ spent: number }>(
      this.db.prepare("SELECT COALESCE(SUM(amount), 0) AS spent FROM charges WHERE key_id = ? AND created_at >= ?"),
      keyId,
      since,
    );
    return Math.max(0, spent);
  }

  balanceOf(key: ApiKeyRecord, now: number): Balance {
    const periods = billingPeriods(now, this.utcOffset);
    // The spec nulls every monthly field when no monthly budget is set, but gives the daily reset time always.
    const budgetView = (budget: number | null, since: number, resetsAt: number, resetAlways: boolean) => {
      const resetAt = isoWithOffset(resetsAt, this.utcOffset);
      if (budget === null) return { budget: null, used: null, remaining: null, resetAt: resetAlways ? resetAt : null };
      const used = this.keySpentSince(key.id, since);
      return {
        budget,
        used: roundYuan(used),
        remaining: roundYuan(Math.max(0, budget - used)),
        resetAt,
      };
    };
    const daily = budgetView(key.dailyBudget, periods.dayStart, periods.dayReset, true);
    const monthly = budgetView(key.monthlyBudget, periods.monthStart, periods.monthReset, false);
    return {
      object: "balance",
      currency: "CNY",
      balance: roundYuan(this.tenantBalance(key.tenantId)),
      api_key: {
        id: key.id,
        name: key.name,
        daily_budget: daily.budget,
        daily_used: daily.used,
        daily_remaining: daily.remaining,
        daily_reset_at: daily.resetAt,
        monthly_budget: monthly.budget,
        monthly_used: monthly.used,
        monthly_remaining: monthly.remaining,
        monthly_reset_at: monthly.resetAt,
      },
    };
  }
}
