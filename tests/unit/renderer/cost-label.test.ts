import { describe, expect, it } from "vitest";
import { costLabel, costOf } from "../../../renderer/src/components/cost-label.ts";
import { valueRange } from "../../../renderer/src/components/chart/value-range.ts";

const words = { free: "free", unknown: "—" };

describe("cost labels", () => {
  it("marks estimates, and says free or unknown", () => {
    expect(costLabel(0.12, "measured", words)).toBe("¥0.12");
    expect(costLabel(0.12, "estimated", words)).toBe("≈ ¥0.12");
    expect(costLabel(0, "free", words)).toBe("free");
    expect(costLabel(null, "unknown", words)).toBe("—");
    expect(costLabel(null, "measured", words)).toBe("—");
    expect(costOf(null, words)).toBe("—");
    expect(costOf({ amount: 1.5, basis: "estimated", refund: null }, words)).toBe("≈ ¥1.50");
  });
});

describe("value range", () => {
  it("keeps a one-cent change from filling the chart", () => {
    const [low, high] = valueRange(1234.49, 1234.5);
    expect(high - low).toBeGreaterThan(50);
    expect(low).toBeLessThan(1234.49);
    expect(high).toBeGreaterThan(1234.5);
  });

  it("stays at or above zero for positive values and spans the data", () => {
    const [low, high] = valueRange(0, 10);
    expect(low).toBe(0);
    expect(high).toBeGreaterThanOrEqual(10);
    expect(valueRange(0, 0)).toEqual([0, 1.2]);
  });
});
