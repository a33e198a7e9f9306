import { describe, expect, it } from "vitest";
import {
  attribute,
  spentBetween,
  type BalanceReading,
  type MoneyEvent,
} from "../../../electron/services/budget/cost-attribution.ts";

/** A reading asked for at `at` and answered 10 ms later, after `spent` in total. */
const reading = (at: number, spent: number, dailyUsed: number | null = spent): BalanceReading => ({
  sentAt: at,
  receivedAt: at + 10,
  balance: 100 - spent,
  dailyUsed,
});
const charge = (id: string, from: number, to: number | null, estimate: number | null = null): MoneyEvent => ({
  id,
  from,
  to,
  sign: 1,
  estimate,
});

describe("cost attribution", () => {
  it("gives a movement wholly to a call that ran alone between two readings: measured", () => {
    const result = attribute([reading(0, 0), reading(100, 0.25)], [charge("a", 20, 50)]);
    expect(result.attributed).toEqual([{ id: "a", amount: 0.25, basis: "measured" }]);
    expect(result.groups).toEqual([{ eventIds: ["a"], spent: 0.25 }]);
  });

  it("measures consecutive calls each on its own when a reading separates them", () => {
    const readings = [reading(0, 0), reading(100, 0.1), reading(200, 0.4)];
    const result = attribute(readings, [charge("a", 20, 50), charge("b", 120, 150)]);
    expect(result.attributed).toEqual([
      { id: "a", amount: 0.1, basis: "measured" },
      { id: "b", amount: expect.closeTo(0.3, 9), basis: "measured" },
    ]);
  });

  it("joins the movements around a reading that a call straddles, and shares them by estimate", () => {
    // b runs across the reading at 100: a, b and c cannot be told apart, and share 0.1 + 0.5.
    const readings = [reading(0, 0), reading(100, 0.1), reading(200, 0.6), reading(300, 0.9)];
    const events = [
      charge("a", 20, 50, 0.1),
      charge("b", 60, 150, 0.2),
      charge("c", 160, 190, 0.3),
      charge("d", 215, 260),
    ];
    const result = attribute(readings, events);
    const byId = new Map(result.attributed.map((event) => [event.id, event]));
    expect(byId.get("a")).toEqual({ id: "a", amount: expect.closeTo(0.1, 9), basis: "estimated" });
    expect(byId.get("b")).toEqual({ id: "b", amount: expect.closeTo(0.2, 9), basis: "estimated" });
    expect(byId.get("c")).toEqual({ id: "c", amount: expect.closeTo(0.3, 9), basis: "estimated" });
    expect(byId.get("d")).toEqual({ id: "d", amount: expect.closeTo(0.3, 9), basis: "measured" });
    expect(result.groups.map((group) => group.eventIds)).toEqual([["a", "b", "c"], ["d"]]);
  });

  it("scales estimates to what the balance says when overlapping calls cost more than expected", () => {
    const result = attribute([reading(0, 0), reading(100, 0.6)], [charge("a", 20, 50, 0.1), charge("b", 30, 60, 0.2)]);
    expect(result.attributed.map((event) => event.amount)).toEqual([expect.closeTo(0.2, 9), expect.closeTo(0.4, 9)]);
  });

  it("keeps a call waiting while it runs or no reading has followed it, with every call it overlaps", () => {
    const readings = [reading(0, 0), reading(100, 0.1)];
    const result = attribute(readings, [charge("a", 20, 95), charge("b", 40, null), charge("c", 120, 130)]);
    expect(result.waiting.sort()).toEqual(["a", "b", "c"]);
    expect(result.attributed).toEqual([]);
  });

  it("cannot measure a call with no reading before it", () => {
    const result = attribute([reading(100, 0)], [charge("a", 20, 50)]);
    expect(result.unmeasurable).toEqual(["a"]);
  });

  it("measures a refund as what the balance got back", () => {
    const refund: MoneyEvent = { id: "r", from: 20, to: 50, sign: -1, estimate: 2.5 };
    const result = attribute([reading(0, 2.5), reading(100, 0)], [refund]);
    expect(result.attributed).toEqual([{ id: "r", amount: 2.5, basis: "measured" }]);
  });

  it("reads the key's daily use, and the balance across a daily reset", () => {
    expect(spentBetween(reading(0, 1), reading(100, 1.5))).toBeCloseTo(0.5, 9);
    expect(spentBetween(reading(0, 1, 3), reading(100, 1.2, 0.1))).toBeCloseTo(0.2, 9);
  });
});
