import { describe, expect, it } from "vitest";
import {
  attribute,
  resolutionOf,
  spentBetween,
  type BalanceReading,
} from "../../../electron/services/budget/balance-movements.ts";
import type { MoneyEvent } from "../../../electron/services/budget/movement-split.ts";
import { brief, charge, reading } from "./attribution-fixtures.ts";

describe("what a key spent between two readings", () => {
  it("reads the balance when a reading has no daily use", () => {
    expect(spentBetween(reading(0, 0, null), reading(100, 0.3, 0.5))).toBeCloseTo(0.3, 9);
  });

  it("a key whose daily use did not move spent nothing, whatever the tenant's balance did", () => {
    expect(spentBetween(reading(0, 0, 1), reading(100, 0.4, 1))).toBe(0);
  });

  it("a refund lowers the key's daily use: what the key got back is what its use fell by, not the tenant's balance", () => {
    const before = { ...reading(0, 0, 1), balance: 100 };
    expect(spentBetween(before, { ...reading(100, 0, 0.8), balance: 100.5 })).toBeCloseTo(-0.2, 9);
  });

  it("a daily reset with a still balance is no spend", () => {
    expect(spentBetween(reading(0, 0, 3), reading(100, 0, 0.1))).toBe(0);
  });

  it("a reading that lost its daily use reads the balance, not minus the day's use", () => {
    const before = { ...reading(0, 0, 1), balance: 100 };
    expect(spentBetween(before, { ...reading(100, 0, null), balance: 100.2 })).toBeCloseTo(-0.2, 9);
  });
});

describe("the readings' resolution", () => {
  it("is 1 for whole figures, the last decimal's step otherwise, and 1e-8 for figures in exponent form", () => {
    const at = (balance: number, dailyUsed: number | null): BalanceReading => ({
      sentAt: 0,
      receivedAt: 0,
      balance,
      dailyUsed,
    });
    expect(resolutionOf([at(5, 3), at(7, null)])).toBe(1);
    expect(resolutionOf([at(5, 1.25)])).toBe(0.01);
    expect(resolutionOf([at(1e-7, 0)])).toBe(1e-8);
  });
});

describe("cost attribution rules", () => {
  it("reads readings in the order they were answered, whatever order they come in", () => {
    const readings = [reading(0, 0), reading(100, 0.1), reading(200, 0.4)];
    const events = [charge("a", 20, 50), charge("b", 120, 150)];
    expect(attribute([...readings].reverse(), events)).toEqual(attribute(readings, events));
  });

  it("joins straddling calls whatever order they are listed in", () => {
    const readings = [reading(0, 0), reading(100, 0.1), reading(200, 0.3)];
    const events = [charge("late", 120, 150, 0.2), charge("straddling", 20, 150, 0.1)];
    const result = attribute(readings, events);
    expect(result.groups).toHaveLength(1);
    expect(result.groups[0]?.spent).toBeCloseTo(0.3, 9);
  });

  it("a call that starts the moment a reading is answered, or ends the moment one is sent, lies between them", () => {
    const result = attribute([reading(0, 0), reading(100, 0.25)], [charge("a", 10, 100, 0.25)]);
    expect(brief(result)).toEqual([{ id: "a", amount: 0.25, kind: "measured" }]);
    expect(result.waiting).toEqual([]);
    expect(result.unmeasurable).toEqual([]);
  });

  it("judges every stretch up to the last reading when no task may be refunded, and settles through the last reading", () => {
    const readings: BalanceReading[] = [
      { sentAt: 0, receivedAt: 0, balance: 100, dailyUsed: 0 },
      { sentAt: 100, receivedAt: 110, balance: 99.9, dailyUsed: 0.1 },
    ];
    const result = attribute(readings, []);
    expect(result.otherSpend).toEqual([{ from: 0, to: 100, amount: expect.closeTo(0.1, 9) }]);
    expect(result.settledThrough).toBe(readings[1]);
  });

  it("a call held by a running task is not other spend meanwhile: what it spans waits with it", () => {
    const readings = [reading(0, 0), reading(100, 0.1), reading(200, 0.2), reading(300, 0.3)];
    const result = attribute(readings, [charge("a", 20, 250)], { holdFrom: 150 });
    expect(result.attributed).toEqual([]);
    expect(result.waiting).toEqual(["a"]);
    expect(result.otherSpend).toEqual([]);
    expect(result.settledThrough).toBe(readings[0]);
  });

  it("judges the stretches before a reading answered exactly when a paid task began", () => {
    const readings = [reading(0, 0), reading(100, 0.1), reading(200, 0.2)];
    expect(attribute(readings, [], { holdFrom: 110 }).otherSpend).toEqual([
      { from: 10, to: 100, amount: expect.closeTo(0.1, 9) },
    ]);
  });

  it("ignores an earlier call with no reading before it, and reports no other spend where nothing moved", () => {
    const readings = [reading(0, 0), reading(100, 0), reading(200, 0)];
    const result = attribute(readings, [], { accounted: [{ from: 0, to: 5 }] });
    expect(result.otherSpend).toEqual([]);
  });

  it("a call measured is not waiting", () => {
    const result = attribute(
      [reading(0, 0), reading(100, 0.1), reading(200, 0.1)],
      [charge("a", 20, 50), charge("b", 150, null)],
    );
    expect(result.waiting).toEqual(["b"]);
  });

  it("allows for the readings' rounding on each stretch a lone priced call spans, not more", () => {
    // 4 decimals: each stretch may be off by 0.0001. Over two stretches 0.00018 off is rounding.
    const two = attribute([reading(0, 0), reading(100, 0.001), reading(200, 0.0018)], [charge("a", 20, 150, 0.00162)]);
    expect(brief(two)).toEqual([{ id: "a", amount: 0.00162, kind: "measured" }]);
    // Two stretches again, later in the day: 0.00028 off is more than rounding, and is other spend.
    const readings = [reading(0, 0), reading(100, 0.0001), reading(200, 0.001), reading(300, 0.002)];
    const later = attribute(readings, [charge("a", 120, 250, 0.00162)]);
    expect(brief(later)).toEqual([{ id: "a", amount: 0.00162, kind: "estimated" }]);
    expect(later.groups[0]?.other).toBeCloseTo(0.00028, 9);
  });

  it("a gap of exactly the readings' rounding is rounding", () => {
    const result = attribute([reading(0, 0), reading(100, 3)], [charge("a", 20, 50, 2)]);
    expect(brief(result)).toEqual([{ id: "a", amount: 2, kind: "measured" }]);
  });

  it("a lone call up to 2 % over its price is measured at what it moved", () => {
    const readings = [reading(0, 0), reading(100, 51), reading(200, 51.5)];
    expect(brief(attribute(readings, [charge("a", 20, 50, 50)]))).toEqual([{ id: "a", amount: 51, kind: "measured" }]);
    const slightly = attribute([reading(0, 0), reading(100, 0.203)], [charge("a", 20, 50, 0.2)]);
    expect(brief(slightly)).toEqual([{ id: "a", amount: expect.closeTo(0.203, 9), kind: "measured" }]);
  });

  it("a lone call that moved well under its price cost what it moved, estimated; one that moved nothing cost nothing", () => {
    const under = attribute([reading(0, 0), reading(100, 0.1234)], [charge("a", 20, 50, 0.2)]);
    expect(brief(under)).toEqual([{ id: "a", amount: expect.closeTo(0.1234, 9), kind: "estimated" }]);
    expect(under.groups[0]?.other).toBe(0);
    const still = attribute([reading(0, 0), reading(100, 0), reading(200, 0.0001)], [charge("a", 20, 50, 0.2)]);
    expect(brief(still)).toEqual([{ id: "a", amount: 0, kind: "estimated" }]);
  });

  it("a charge while the key got money back elsewhere keeps its price, and the refund is other spend", () => {
    const readings = [reading(0, 0.5), reading(100, 0)];
    const result = attribute(readings, [charge("a", 20, 50, 0.2)]);
    expect(brief(result)).toEqual([{ id: "a", amount: 0.2, kind: "estimated" }]);
    expect(result.groups[0]?.other).toBeCloseTo(-0.7, 9);
  });

  it("an unpriced call beside a priced one may have cost what the price leaves: a range shared with other spend", () => {
    const result = attribute(
      [reading(0, 0), reading(100, 0.5)],
      [{ ...charge("chat", 20, 50, 0.1), priced: true }, charge("image", 25, 60)],
    );
    expect(result.attributed).toEqual([
      { id: "chat", amount: 0.1, low: 0.1, high: 0.1, kind: "priced" },
      { id: "image", amount: 0, low: 0, high: expect.closeTo(0.4, 9), kind: "estimated" },
    ]);
    expect(result.groups[0]).toMatchObject({ other: expect.closeTo(0.4, 9), otherLow: 0 });
    expect(result.groups[0]?.otherHigh).toBeCloseTo(0.4, 9);
  });

  it("a refund beside an unpriced call gives back its amount, and the call's range counts the refund", () => {
    const refund: MoneyEvent = { id: "r", from: 30, to: 40, sign: -1, estimate: 0.2 };
    const result = attribute([reading(0, 0), reading(100, 0.3)], [refund, charge("c", 20, 50)]);
    expect(result.attributed).toEqual([
      { id: "c", amount: 0, low: 0, high: expect.closeTo(0.5, 9), kind: "estimated" },
      { id: "r", amount: 0.2, low: 0.2, high: 0.2, kind: "estimated" },
    ]);
    expect(result.groups[0]?.other).toBeCloseTo(0.5, 9);
  });

  it("float noise in a split is no other spend", () => {
    const priced = (id: string, price: number): MoneyEvent => ({ ...charge(id, 20, 50, price), priced: true });
    const result = attribute(
      [reading(0, 0), reading(100, 0.37)],
      [priced("a", 0.01), priced("b", 0.3), priced("c", 0.06)],
    );
    expect(result.groups[0]?.other).toBe(0);
  });
});
