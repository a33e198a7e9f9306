import { describe, expect, it } from "vitest";
import { thinReadings } from "../../../electron/services/budget/thin-readings.ts";

const MINUTE = 60_000;
const readingsEvery = (from: number, to: number, step: number) => {
  const readings: { at: number; used: number }[] = [];
  for (let at = from; at < to; at += step) readings.push({ at, used: at / MINUTE });
  return readings;
};

describe("thinning balance readings for the charts", () => {
  it("keeps every recent reading and about the cap of older ones, each the last of its bucket", () => {
    const now = 90 * 1440 * MINUTE;
    const fullSince = now - 2 * 1440 * MINUTE;
    const readings = readingsEvery(0, now, 10 * MINUTE);
    const thinned = thinReadings(readings, fullSince, 500);
    const older = thinned.filter((reading) => reading.at < fullSince);
    const recent = thinned.filter((reading) => reading.at >= fullSince);
    expect(recent).toEqual(readings.filter((reading) => reading.at >= fullSince));
    expect(older.length).toBeLessThanOrEqual(501);
    expect(older.length).toBeGreaterThan(450);
    expect(older.at(-1)).toEqual(readings.filter((reading) => reading.at < fullSince).at(-1));
    expect(thinned.map((reading) => reading.at)).toEqual(
      [...thinned.map((reading) => reading.at)].sort((a, b) => a - b),
    );
  });

  it("leaves few readings alone", () => {
    const readings = readingsEvery(0, 100 * MINUTE, MINUTE);
    expect(thinReadings(readings, 50 * MINUTE, 500)).toEqual(readings);
    expect(thinReadings([], 0)).toEqual([]);
  });
});
