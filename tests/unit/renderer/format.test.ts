import { describe, expect, it } from "vitest";
import { formatMoney } from "../../../renderer/src/components/format.ts";

describe("money", () => {
  it("has two decimals, and keeps a spend under a cent visible", () => {
    expect(formatMoney(12.3)).toBe("¥12.30");
    expect(formatMoney(0)).toBe("¥0.00");
    expect(formatMoney(0.0042)).toBe("¥0.0042");
    expect(formatMoney(0.004)).toBe("¥0.004");
    expect(formatMoney(1.23456, "USD")).toBe("USD 1.23");
  });
});
