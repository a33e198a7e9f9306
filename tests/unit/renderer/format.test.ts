import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { formatDate, formatMoney, formatTime } from "../../../renderer/src/components/format.ts";

describe("money", () => {
  it("has two decimals, and keeps a spend under a cent visible", () => {
    expect(formatMoney(12.3)).toBe("¥12.30");
    expect(formatMoney(0)).toBe("¥0.00");
    expect(formatMoney(0.0042)).toBe("¥0.0042");
    expect(formatMoney(0.004)).toBe("¥0.004");
    expect(formatMoney(1.23456, "USD")).toBe("USD 1.23");
  });
});

describe("formats in the app's language", () => {
  it("writes Chinese dates and times when the app speaks Chinese, whatever the system's locale", async () => {
    await i18next.init({ lng: "zh", resources: {} });
    const at = new Date(2026, 10, 23, 14, 5, 9);
    expect(formatDate(at)).toBe("2026/11/23");
    expect(formatTime(at)).toBe("14:05:09");
    expect(formatMoney(1234.5)).toBe("¥1,234.50");
    await i18next.changeLanguage("en");
    expect(formatDate(at)).toBe("11/23/26");
    expect(formatTime(at)).toBe("2:05:09 PM");
  });
});
