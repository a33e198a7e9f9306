import { describe, expect, it } from "vitest";
import type { CostKind } from "../../../shared/ipc/ledger.ts";
import { costLabel, costOf } from "../../../renderer/src/components/cost-label.ts";
import { valueRange } from "../../../renderer/src/components/chart/value-range.ts";

const words = { free: "free", unknown: "—" };

describe("cost labels", () => {
  const cost = (amount: number | null, kind: CostKind, low = amount, high = amount) => ({ amount, low, high, kind });

  it("shows priced and measured figures plainly, an estimate as its range, and says free or unknown", () => {
    expect(costLabel(cost(0.12, "measured"), words)).toBe("¥0.12");
    expect(costLabel(cost(0.12, "priced"), words)).toBe("¥0.12");
    expect(costLabel(cost(0.0085, "estimated", 0.0085, 0.12), words)).toBe("≈ ¥0.0085 – ¥0.12");
    expect(costLabel(cost(0.12, "estimated"), words)).toBe("≈ ¥0.12");
    expect(costLabel(cost(0.12, "estimated", 0.1, null), words)).toBe("≈ ¥0.12");
    expect(costLabel(cost(0, "free"), words)).toBe("free");
    expect(costLabel(cost(null, "unknown"), words)).toBe("—");
    expect(costLabel(cost(null, "measured"), words)).toBe("—");
    expect(costOf(null, words)).toBe("—");
    expect(costOf({ amount: 1.5, low: 1, high: 2, kind: "estimated", refund: null }, words)).toBe("≈ ¥1.00 – ¥2.00");
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
