import i18next from "i18next";
import { describe, expect, it } from "vitest";
import type uPlot from "uplot";
import { timeTicks } from "../../../renderer/src/components/chart/axes.ts";
import {
  formatDate,
  formatDuration,
  formatMilliseconds,
  formatMoney,
  formatSeconds,
  formatTime,
} from "../../../renderer/src/components/format.ts";

describe("money", () => {
  it("has two decimals from one unit up, and significant digits below, so a small spend reads as charged", () => {
    expect(formatMoney(12.3)).toBe("¥12.30");
    expect(formatMoney(0)).toBe("¥0.00");
    expect(formatMoney(0.0042)).toBe("¥0.0042");
    expect(formatMoney(0.004)).toBe("¥0.0040");
    expect(formatMoney(0.0162)).toBe("¥0.0162");
    expect(formatMoney(0.5)).toBe("¥0.50");
    expect(formatMoney(0.008399999999999963)).toBe("¥0.0084");
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

describe("durations and units in the app's language", () => {
  it("writes days, seconds and milliseconds in Chinese through Intl, not as English abbreviations", async () => {
    await i18next.init({ lng: "zh", resources: {} });
    expect(formatDuration(7 * 86_400 + 3723)).toBe("7天 01:02:03");
    expect(formatDuration(59)).toBe("00:00:59");
    expect(formatSeconds(5)).toBe("5秒");
    expect(formatSeconds(1.234, 2)).toBe("1.23秒");
    expect(formatMilliseconds(340)).toBe("340毫秒");
    await i18next.changeLanguage("en");
    expect(formatDuration(7 * 86_400 + 3723)).toBe("7d 01:02:03");
    expect(formatSeconds(1.234, 2)).toBe("1.23 sec");
    expect(formatMilliseconds(340)).toBe("340 ms");
  });

  it("labels a chart's time axis in the app's language", async () => {
    await i18next.init({ lng: "zh", resources: {} });
    const day = 86_400;
    const start = new Date(2026, 10, 23, 0, 0, 0).getTime() / 1000;
    const plot = undefined as unknown as uPlot;
    expect(timeTicks(plot, [start, start + day], 0, 0, day)).toEqual(["11月23日", "11月24日"]);
    expect(timeTicks(plot, [start + 12 * 3600, start + 18 * 3600, start + day], 0, 0, 6 * 3600)).toEqual([
      "12:00\n11月23日",
      "18:00",
      "00:00\n11月24日",
    ]);
    await i18next.changeLanguage("en");
    expect(timeTicks(plot, [start, start + day], 0, 0, day)).toEqual(["Nov 23", "Nov 24"]);
  });
});
