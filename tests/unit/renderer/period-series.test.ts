import { describe, expect, it } from "vitest";
import { periodColumns } from "../../../renderer/src/panes/budget/period-series.ts";

const S = 1000;

describe("period columns", () => {
  it("puts used, the budget level and the projection on one x axis in seconds", () => {
    const columns = periodColumns({
      start: 0,
      reset: 100 * S,
      budget: 5,
      readings: [
        { at: -10 * S, value: 9 },
        { at: 20 * S, value: 1 },
        { at: 40 * S, value: 2 },
      ],
      line: { from: { at: 40 * S, value: 2 }, to: { at: 70 * S, value: 5 } },
    });
    expect(columns).toEqual([
      [0, 20, 40, 70, 100],
      [0, 1, 2, null, null],
      [5, 5, 5, 5, 5],
      [null, null, 2, 5, null],
    ]);
  });

  it("merges a projection that ends at the reset, and a reading at the start", () => {
    const columns = periodColumns({
      start: 0,
      reset: 100 * S,
      budget: 5,
      readings: [
        { at: 0, value: 0 },
        { at: 50 * S, value: 1 },
      ],
      line: { from: { at: 50 * S, value: 1 }, to: { at: 100 * S, value: 2 } },
    });
    expect(columns).toEqual([
      [0, 50, 100],
      [0, 1, null],
      [5, 5, 5],
      [null, 1, 2],
    ]);
  });
});
