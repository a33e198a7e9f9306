import { describe, expect, it } from "vitest";
import { attribute, spentBetween } from "../../../electron/services/budget/balance-movements.ts";
import type { MoneyEvent } from "../../../electron/services/budget/movement-split.ts";
import { brief, charge, reading } from "./attribution-fixtures.ts";

describe("cost attribution", () => {
  it("measures a call that ran alone between two readings when the movement agrees with its price", () => {
    const result = attribute([reading(0, 0), reading(100, 0.25)], [charge("a", 20, 50, 0.25)]);
    expect(brief(result)).toEqual([{ id: "a", amount: 0.25, kind: "measured" }]);
    expect(result.groups).toEqual([
      { eventIds: ["a"], spent: 0.25, expected: 0.25, other: 0, otherLow: 0, otherHigh: 0, from: 10, to: 100 },
    ]);
    expect(result.otherSpend).toEqual([]);
  });

  it("does not measure a call alone on one source: with no price its movement is a range shared with other spend", () => {
    const result = attribute([reading(0, 0), reading(100, 0.25)], [charge("a", 20, 50)]);
    expect(result.attributed).toEqual([{ id: "a", amount: 0, low: 0, high: 0.25, kind: "estimated" }]);
    expect(result.groups[0]).toMatchObject({ other: 0.25, otherLow: 0, otherHigh: 0.25 });
  });

  it("measures consecutive calls each on its own when a reading separates them", () => {
    const readings = [reading(0, 0), reading(100, 0.1), reading(200, 0.4)];
    const result = attribute(readings, [charge("a", 20, 50, 0.1), charge("b", 120, 150, 0.3)]);
    expect(brief(result)).toEqual([
      { id: "a", amount: 0.1, kind: "measured" },
      { id: "b", amount: expect.closeTo(0.3, 9), kind: "measured" },
    ]);
  });

  it("joins the movements around a reading that a call straddles, and shares them by estimate", () => {
    // b runs across the reading at 100: a, b and c cannot be told apart, and share 0.1 + 0.5.
    const readings = [reading(0, 0), reading(100, 0.1), reading(200, 0.6), reading(300, 0.9)];
    const events = [
      charge("a", 20, 50, 0.1),
      charge("b", 60, 150, 0.2),
      charge("c", 160, 190, 0.3),
      charge("d", 215, 260, 0.3),
    ];
    const result = attribute(readings, events);
    const byId = new Map(brief(result).map((event) => [event.id, event]));
    expect(byId.get("a")).toEqual({ id: "a", amount: expect.closeTo(0.1, 9), kind: "estimated" });
    expect(byId.get("b")).toEqual({ id: "b", amount: expect.closeTo(0.2, 9), kind: "estimated" });
    expect(byId.get("c")).toEqual({ id: "c", amount: expect.closeTo(0.3, 9), kind: "estimated" });
    expect(byId.get("d")).toEqual({ id: "d", amount: expect.closeTo(0.3, 9), kind: "measured" });
    expect(result.groups.map((group) => group.eventIds)).toEqual([["a", "b", "c"], ["d"]]);
  });

  it("keeps overlapping calls at their prices when the key moved slightly more: the rest is other spend", () => {
    const result = attribute(
      [reading(0, 0), reading(100, 0.303)],
      [charge("a", 20, 50, 0.1), charge("b", 30, 60, 0.2)],
    );
    expect(brief(result)).toEqual([
      { id: "a", amount: 0.1, kind: "estimated" },
      { id: "b", amount: 0.2, kind: "estimated" },
    ]);
    expect(result.otherSpend).toEqual([]);
    expect(result.groups[0]?.other).toBeCloseTo(0.003, 9);
  });

  it("never folds another client's spend into a call: what the call's price does not explain is other spend", () => {
    // A chat priced at 0.0017 ran while someone else on the key bought an image for 0.1.
    const result = attribute([reading(0, 0), reading(100, 0.1017)], [charge("chat", 20, 50, 0.0017)]);
    expect(brief(result)).toEqual([{ id: "chat", amount: 0.0017, kind: "estimated" }]);
    expect(result.groups[0]?.other).toBeCloseTo(0.1, 9);
  });

  it("splits a burst by expected prices, estimated, and keeps what is left over as other spend", () => {
    const events = [charge("chat", 20, 50, 0.0017), charge("image", 25, 60, 1.2), charge("search", 30, 55, 0.0307)];
    const result = attribute([reading(0, 0), reading(100, 1.2324 + 0.5)], events);
    expect(brief(result)).toEqual([
      { id: "chat", amount: 0.0017, kind: "estimated" },
      { id: "image", amount: 1.2, kind: "estimated" },
      { id: "search", amount: 0.0307, kind: "estimated" },
    ]);
    expect(result.groups[0]?.other).toBeCloseTo(0.5, 9);
  });

  it("measures a lone priced call at its price when the movement confirms it within the readings' rounding", () => {
    // Readings in 4 decimals: a 0.00162 call moves them by 0.0016 or 0.0017.
    const result = attribute([reading(0, 0), reading(100, 0.0016)], [charge("a", 20, 50, 0.00162)]);
    expect(brief(result)).toEqual([{ id: "a", amount: 0.00162, kind: "measured" }]);
  });

  it("calls spend made while no call of the app's was out other spend", () => {
    const readings = [reading(0, 0), reading(100, 0.1), reading(200, 0.3), reading(300, 0.45)];
    const result = attribute(readings, [charge("a", 120, 150, 0.2)]);
    expect(brief(result)).toEqual([{ id: "a", amount: 0.2, kind: "measured" }]);
    expect(result.otherSpend).toEqual([
      { from: 10, to: 100, amount: expect.closeTo(0.1, 9) },
      { from: 210, to: 300, amount: expect.closeTo(0.15, 9) },
    ]);
  });

  it("does not judge movements after a call still out, nor while a paid task may still be refunded", () => {
    const readings = [reading(0, 0), reading(100, 0.1), reading(200, 0.2)];
    expect(attribute(readings, [charge("a", 150, null)]).otherSpend).toEqual([
      { from: 10, to: 100, amount: expect.closeTo(0.1, 9) },
    ]);
    expect(attribute(readings, [], { holdFrom: 50 }).otherSpend).toEqual([]);
    expect(attribute(readings, [], { holdFrom: 50 }).settledThrough?.receivedAt).toBe(10);
  });

  it("does not count a movement a call attributed earlier explains", () => {
    const readings = [reading(0, 0), reading(100, 0.1), reading(200, 0.15)];
    const result = attribute(readings, [], { accounted: [{ from: 20, to: 50 }] });
    expect(result.otherSpend).toEqual([{ from: 110, to: 200, amount: expect.closeTo(0.05, 9) }]);
  });

  it("keeps a call waiting while it runs or no reading has followed it, with every call it overlaps", () => {
    const readings = [reading(0, 0), reading(100, 0.1)];
    const result = attribute(readings, [charge("a", 20, 95), charge("b", 40, null), charge("c", 120, 130)]);
    expect(result.waiting.sort()).toEqual(["a", "b", "c"]);
    expect(brief(result)).toEqual([]);
  });

  it("keeps a call that has ended waiting until a reading is sent after its end, never measuring it at nothing", () => {
    const readings = [reading(0, 0), reading(100, 0.1)];
    const result = attribute(readings, [charge("a", 20, 50, 0.1), charge("c", 120, 130)]);
    expect(brief(result)).toEqual([{ id: "a", amount: 0.1, kind: "measured" }]);
    expect(result.waiting).toEqual(["c"]);
  });

  it("cannot measure a call with no reading before it", () => {
    const result = attribute([reading(100, 0)], [charge("a", 20, 50)]);
    expect(result.unmeasurable).toEqual(["a"]);
  });

  it("holds a call with no reading before it until a reading follows its end, judging nothing meanwhile", () => {
    const readings = [reading(100, 0), reading(200, 0.3)];
    for (const to of [null, 250]) {
      const result = attribute(readings, [charge("a", 20, to)]);
      expect(result.waiting).toEqual(["a"]);
      expect(result.unmeasurable).toEqual([]);
      expect(result.otherSpend).toEqual([]);
      expect(result.settledThrough?.receivedAt).toBe(110);
    }
  });

  it("never calls what moved while an unmeasurable call was out other spend; what moved after it is", () => {
    const readings = [reading(100, 0), reading(200, 0.3), reading(300, 0.5)];
    const result = attribute(readings, [charge("a", 20, 150)]);
    expect(result.unmeasurable).toEqual(["a"]);
    expect(result.waiting).toEqual([]);
    expect(result.otherSpend).toEqual([{ from: 210, to: 300, amount: expect.closeTo(0.2, 9) }]);
    // A reading sent the moment such a call ended follows it.
    expect(attribute(readings.slice(0, 2), [charge("a", 20, 200)]).unmeasurable).toEqual(["a"]);
  });

  it("measures a refund as what the balance got back", () => {
    const refund: MoneyEvent = { id: "r", from: 20, to: 50, sign: -1, estimate: 2.5 };
    const result = attribute([reading(0, 2.5), reading(100, 0)], [refund]);
    expect(brief(result)).toEqual([{ id: "r", amount: 2.5, kind: "measured" }]);
  });

  it("reads the key's daily use, the month's across a daily reset, and the balance across both", () => {
    expect(spentBetween(reading(0, 1), reading(100, 1.5))).toBeCloseTo(0.5, 9);
    expect(spentBetween(reading(0, 1, 3), reading(100, 1.2, 0.1))).toBeCloseTo(0.2, 9);
    // The tenant's balance also moves with its other keys: the key's month tells, not the balance.
    const before = { ...reading(0, 1, 3), monthlyUsed: 10 };
    expect(spentBetween(before, { ...reading(100, 1.9, 0.1), monthlyUsed: 10.3 })).toBeCloseTo(0.3, 9);
  });
});
