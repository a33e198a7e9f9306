import { describe, expect, it } from "vitest";
import { alertText } from "../../../electron/services/budget/alert-text.ts";
import { statusSummary } from "../../../electron/services/budget/status-summary.ts";
import { balanceReading } from "../../support/balance-reading.ts";

const reading = (dailyRemaining: number | null) =>
  dailyRemaining === null
    ? balanceReading({ dailyBudget: null, monthlyBudget: null })
    : balanceReading({ dailyUsed: 10 - dailyRemaining, monthlyBudget: null });

describe("the tray's status line", () => {
  it("says today's remaining budget and the running tasks", () => {
    expect(statusSummary(reading(3.2), 2)).toBe("¥3.20 left today · 2 tasks running");
    expect(statusSummary(reading(3.2), 1)).toBe("¥3.20 left today · 1 task running");
    expect(statusSummary(reading(null), 0)).toBe("No daily budget");
    expect(statusSummary(null, 0)).toBe("Budget unknown");
  });

  it("names the budget and the amounts in an alert's notification", () => {
    const base = { profileId: "p", profileName: "Work", firedAt: "2026-11-23T04:00:00.000Z" };
    expect(alertText({ ...base, metric: "daily", threshold: 80, value: 8.1, limit: 10 })).toBe(
      "Today's budget has reached 80 % (¥8.10 of ¥10.00).",
    );
    expect(alertText({ ...base, metric: "balance", threshold: 5, value: 4.2, limit: null })).toBe(
      "The balance is ¥4.20, below ¥5.00.",
    );
  });
});
