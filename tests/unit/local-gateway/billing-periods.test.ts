import { describe, expect, it } from "vitest";
import { billingPeriods, isoWithOffset } from "../../../electron/local-gateway/billing-periods.ts";

describe("billing periods", () => {
  it("starts the day and month at local midnight of the billing offset", () => {
    // 2026-01-31T20:30Z is 2026-02-01T04:30 at +08:00.
    const now = Date.parse("2026-01-31T20:30:00Z");
    const periods = billingPeriods(now, "+08:00");
    expect(isoWithOffset(periods.dayStart, "+08:00")).toBe("2026-02-01T00:00:00+08:00");
    expect(isoWithOffset(periods.dayReset, "+08:00")).toBe("2026-02-02T00:00:00+08:00");
    expect(isoWithOffset(periods.monthStart, "+08:00")).toBe("2026-02-01T00:00:00+08:00");
    expect(isoWithOffset(periods.monthReset, "+08:00")).toBe("2026-03-01T00:00:00+08:00");
    expect(new Date(periods.dayReset).toISOString()).toBe("2026-02-01T16:00:00.000Z");
  });

  it("handles negative offsets and the year boundary", () => {
    const periods = billingPeriods(Date.parse("2027-01-01T03:00:00Z"), "-05:00");
    expect(isoWithOffset(periods.dayStart, "-05:00")).toBe("2026-12-31T00:00:00-05:00");
    expect(isoWithOffset(periods.monthReset, "-05:00")).toBe("2027-01-01T00:00:00-05:00");
  });
});
