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
    expect(budgetCover(2, 2, balance(100, 10, 100))).toEqual({ state: "covered" });
    expect(budgetCover(2, 2, undefined)).toEqual({ state: "covered" });
    expect(budgetCover(null, null, balance(100, 10, null))).toEqual({ state: "covered" });
  });

  it("refuses outright, naming each limit, when even the least the job costs is more than is left", () => {
    // image-pro ×4 at 1.20 with 0.95 left today: the gateway would refuse it every time.
    expect(budgetCover(1.2, 1.2, balance(15, 0.95, null))).toEqual({ state: "over", by: ["daily"] });
    expect(budgetCover(20, 20, balance(15, 10, null))).toEqual({ state: "over", by: ["daily", "balance"] });
  });

  it("asks first only when what is left falls inside the estimate's range", () => {
    expect(budgetCover(0.5, 2, balance(100, 1, null))).toEqual({ state: "short", by: ["daily"] });
    expect(budgetCover(0.5, 2, balance(100, null, 0.7))).toEqual({ state: "short", by: ["monthly"] });
  });

  it("is exhausted when a limit has nothing left, whatever the estimate", () => {
    expect(budgetCover(null, null, balance(100, 0, 5))).toEqual({ state: "exhausted", by: ["daily"] });
    expect(budgetCover(0.1, 0.1, balance(-1, 3, null))).toEqual({ state: "exhausted", by: ["balance"] });
  });
});
