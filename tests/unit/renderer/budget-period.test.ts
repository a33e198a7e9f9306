import { describe, expect, it } from "vitest";
import { periodDays } from "../../../renderer/src/panes/budget/budget-period.ts";

const NOW = new Date(2026, 10, 28, 21, 30);

describe("the Budget pane's period", () => {
  it("ends today for its presets", () => {
    expect(periodDays({ preset: "today", from: "", to: "" }, NOW)).toEqual({
      first: "2026-11-28",
      last: "2026-11-28",
      days: 1,
    });
    expect(periodDays({ preset: "7", from: "", to: "" }, NOW)).toEqual({
      first: "2026-11-22",
      last: "2026-11-28",
      days: 7,
    });
    expect(periodDays({ preset: "30", from: "", to: "" }, NOW).first).toBe("2026-10-30");
    expect(periodDays({ preset: "90", from: "", to: "" }, NOW)).toMatchObject({ first: "2026-08-31", days: 90 });
    expect(periodDays({ preset: "month", from: "", to: "" }, NOW)).toEqual({
      first: "2026-11-01",
      last: "2026-11-28",
      days: 28,
    });
  });

  it("takes a custom range's days in either order, at most a year, and the last 7 days until both are given", () => {
    expect(periodDays({ preset: "custom", from: "2026-03-31", to: "2026-03-01" }, NOW)).toEqual({
      first: "2026-03-01",
      last: "2026-03-31",
      days: 31,
    });
    expect(periodDays({ preset: "custom", from: "2020-01-01", to: "2026-11-28" }, NOW)).toMatchObject({ days: 366 });
    expect(periodDays({ preset: "custom", from: "2026-11-01", to: "" }, NOW)).toMatchObject({ days: 7 });
  });
});
