import { describe, expect, it } from "vitest";
import type { Balance } from "../../../shared/gateway-api/balance.ts";
import { budgetCover } from "../../../renderer/src/panes/media/budget-cover.ts";

const balance = (amount: number, daily: number | null, monthly: number | null): Balance => ({
  object: "balance",
  currency: "CNY",
  balance: amount,
  api_key: {
    id: "k",
    name: "Key",
    daily_budget: daily === null ? null : 50,
    daily_used: daily === null ? null : 50 - daily,
    daily_remaining: daily,
    daily_reset_at: null,
    monthly_budget: monthly === null ? null : 500,
    monthly_used: monthly === null ? null : 500 - monthly,
    monthly_remaining: monthly,
    monthly_reset_at: null,
  },
});

describe("budget cover", () => {
  it("is covered when every limit leaves enough, or nothing is known", () => {
    expect(budgetCover(2, balance(100, 10, 100))).toEqual({ state: "covered" });
    expect(budgetCover(2, undefined)).toEqual({ state: "covered" });
    expect(budgetCover(null, balance(100, 10, null))).toEqual({ state: "covered" });
  });

  it("names every limit an estimate exceeds", () => {
    expect(budgetCover(20, balance(15, 10, null))).toEqual({ state: "short", by: ["daily", "balance"] });
    expect(budgetCover(20, balance(100, null, 5))).toEqual({ state: "short", by: ["monthly"] });
  });

  it("is exhausted when a limit has nothing left, whatever the estimate", () => {
    expect(budgetCover(null, balance(100, 0, 5))).toEqual({ state: "exhausted", by: ["daily"] });
    expect(budgetCover(0.1, balance(-1, 3, null))).toEqual({ state: "exhausted", by: ["balance"] });
  });
});
