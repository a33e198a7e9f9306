import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SpendRow } from "../../../shared/ipc/ledger.ts";
import {
  lastDays,
  OTHER_SPEND_GROUP,
  spendByDay,
  stackedTops,
} from "../../../renderer/src/panes/budget/spend-series.ts";

const NOW = new Date(2026, 10, 23, 15, 0);
const row = (day: string, model: string, kind: SpendRow["kind"], cost: number, estimated = false): SpendRow => ({
  day,
  model,
  kind,
  outside: false,
  cost,
  low: cost,
  high: cost,
  estimated,
  requests: 1,
  unpriced: 0,
});

describe("spend by day", () => {
  it("adds ranges as ranges: a total with an estimate in it holds the charges between its low and high", () => {
    const estimate = { ...row("2026-11-23", "chat-pro", "chat", 0.0085, true), low: 0.0085, high: 0.12 };
    const spend = spendByDay([estimate, row("2026-11-23", "image-fast", "image", 0.3)], 1, "model", NOW);
    expect(spend).toMatchObject({ total: 0.3085, estimated: true });
    expect(spend.low).toBeCloseTo(0.3085, 9);
    expect(spend.high).toBeCloseTo(0.42, 9);
    expect(spend.series.find((item) => item.label === "chat-pro")).toMatchObject({ low: 0.0085, high: 0.12 });
  });

  it("a total with other spend in it is the key's own movement: exact, though its parts are ranges", () => {
    const reply = { ...row("2026-11-23", "chat-fast", "chat", 0, true), low: 0, high: 0.0016 };
    const other = { ...row("2026-11-23", "", "other", 0.0016, true), outside: true, low: 0, high: 0.0016 };
    const spend = spendByDay([reply, other], 1, "model", NOW);
    expect(spend).toMatchObject({ total: 0.0016, low: 0.0016, high: 0.0016, estimated: false });
  });

  it("lists the last days up to today as local midnights", () => {
    const days = lastDays(3, NOW);
    expect(days.map((day) => day.key)).toEqual(["2026-11-21", "2026-11-22", "2026-11-23"]);
    expect(days[2]?.midnight.getHours()).toBe(0);
  });

  it("groups by model or kind, fills days without spend with 0 and puts the largest first", () => {
    const rows = [
      row("2026-11-23", "image-fast", "image", 0.4),
      row("2026-11-23", "video-1", "video", 2, true),
      row("2026-11-21", "image-fast", "image", 0.2),
      row("2026-11-01", "image-fast", "image", 99),
      row("2026-11-22", "gpt", "chat", 0.1),
    ];
    const byModel = spendByDay(rows, 3, "model", NOW);
    expect(byModel.series.map((item) => item.label)).toEqual(["video-1", "image-fast", "gpt"]);
    expect(byModel.series[1]?.values).toEqual([0.2, 0, 0.4]);
    expect(byModel.series[0]?.estimated).toBe(true);
    expect(byModel.total).toBeCloseTo(2.7);
    expect(byModel.days).toHaveLength(3);
    const byKind = spendByDay(rows, 3, "kind", NOW);
    expect(byKind.series.map((item) => item.label)).toEqual(["video", "image", "chat"]);
  });

  it("keeps other spend on the key a series of its own, by model and by kind, so the total is the key's", () => {
    const rows = [
      row("2026-11-23", "chat-fast", "chat", 0.3),
      { ...row("2026-11-23", "", "other", 0.2), outside: true },
      row("2026-11-23", "", "other", 0),
    ];
    for (const groupBy of ["model", "kind"] as const) {
      const spend = spendByDay(rows, 1, groupBy, NOW);
      expect(spend.series.find((item) => item.label === OTHER_SPEND_GROUP)?.total).toBeCloseTo(0.2, 9);
      expect(spend.total).toBeCloseTo(0.5, 9);
    }
  });

  it("groups every profile's rows by profile, other spend staying with the key it was made on", () => {
    const rows = [
      { ...row("2026-11-23", "chat-fast", "chat", 0.3), profileId: "a" },
      { ...row("2026-11-23", "", "other", 0.2), outside: true, profileId: "a" },
      { ...row("2026-11-22", "chat-fast", "chat", 0.4), profileId: "b" },
    ];
    const spend = spendByDay(rows, 2, "profile", NOW);
    expect(spend.series.map((item) => [item.label, item.total])).toEqual([
      ["a", 0.5],
      ["b", 0.4],
    ]);
    expect(spend.series[0]?.values).toEqual([0, 0.5]);
    expect(spend.total).toBeCloseTo(0.9, 9);
  });

  it("is exact only for the keys whose counters were read: a range elsewhere stays a range in the sum", () => {
    // Key a: a reading split its movement between a call of unknown price and other spend (exact in sum).
    // Key b: a server with no balance, its one call an estimate.
    const rows = [
      { ...row("2026-11-23", "chat-fast", "chat", 0, true), low: 0, high: 0.1, profileId: "a" },
      { ...row("2026-11-23", "", "other", 0.1, true), outside: true, low: 0, high: 0.1, profileId: "a" },
      { ...row("2026-11-23", "chat-pro", "chat", 0.05, true), low: 0.02, high: 0.2, profileId: "b" },
    ];
    for (const groupBy of ["profile", "model", "kind"] as const) {
      const spend = spendByDay(rows, 1, groupBy, NOW);
      expect(spend).toMatchObject({ estimated: true });
      expect(spend.total).toBeCloseTo(0.15, 9);
      expect(spend.low).toBeCloseTo(0.12, 9);
      expect(spend.high).toBeCloseTo(0.3, 9);
    }
    const byProfile = spendByDay(rows, 1, "profile", NOW);
    expect(byProfile.series.find((item) => item.label === "a")).toMatchObject({
      low: 0.1,
      high: 0.1,
      estimated: false,
    });
  });

  it("stacks running sums from the top of the stack down to the bottom series", () => {
    const { series } = spendByDay(
      [row("2026-11-23", "a", "chat", 3), row("2026-11-23", "b", "chat", 2), row("2026-11-22", "b", "chat", 1)],
      2,
      "model",
      NOW,
    );
    expect(stackedTops(series)).toEqual([
      [1, 5],
      [1, 2],
    ]);
  });

  it("adds up to the same total and range whichever way it is grouped, and its series add up to it", () => {
    const day = fc.constantFrom("2026-11-21", "2026-11-22", "2026-11-23", "2026-10-01");
    const cents = fc.integer({ min: 0, max: 500 }).map((value) => value / 100);
    const spendRow = fc
      .record({
        day,
        model: fc.constantFrom("chat-fast", "image-fast", ""),
        kind: fc.constantFrom("chat", "image", "other") as fc.Arbitrary<SpendRow["kind"]>,
        outside: fc.boolean(),
        cost: cents,
        spread: cents,
        estimated: fc.boolean(),
        profileId: fc.constantFrom("a", "b", "c"),
      })
      .map(({ spread, ...fields }) => ({
        ...row(fields.day, fields.model, fields.kind, fields.cost, fields.estimated),
        ...fields,
        low: fields.estimated ? Math.max(0, fields.cost - spread) : fields.cost,
        high: fields.estimated ? fields.cost + spread : fields.cost,
      }));
    fc.assert(
      fc.property(fc.array(spendRow, { maxLength: 30 }), (rows) => {
        const [byProfile, ...others] = (["profile", "model", "kind"] as const).map((groupBy) =>
          spendByDay(rows, 3, groupBy, NOW),
        );
        for (const spend of [byProfile, ...others]) {
          const seriesTotal = spend?.series.reduce((sum, item) => sum + item.total, 0) ?? NaN;
          expect(seriesTotal).toBeCloseTo(spend?.total ?? NaN, 9);
          expect(spend?.low).toBeLessThanOrEqual((spend?.total ?? 0) + 1e-9);
          expect(spend?.high).toBeGreaterThanOrEqual((spend?.total ?? 0) - 1e-9);
        }
        for (const spend of others)
          expect([spend?.total, spend?.low, spend?.high]).toEqual(
            [byProfile?.total, byProfile?.low, byProfile?.high].map((value) => expect.closeTo(value ?? NaN, 9)),
          );
      }),
      { seed: 44, numRuns: 300 },
    );
  });
});
