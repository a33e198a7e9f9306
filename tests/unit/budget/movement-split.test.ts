import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitMovement, type MoneyEvent } from "../../../electron/services/budget/movement-split.ts";

const charge = (id: string, estimate: number | null, extra: Partial<MoneyEvent> = {}): MoneyEvent => ({
  id,
  from: 0,
  to: 1,
  sign: 1,
  estimate,
  ...extra,
});
const refund = (id: string, estimate: number, extra: Partial<MoneyEvent> = {}): MoneyEvent => ({
  ...charge(id, estimate, extra),
  sign: -1,
});

describe("a movement split over the calls in it", () => {
  it("a call refunded within its own movement nets to nothing there: the movement bounds neither", () => {
    // A task charged 0.4 and refunded before the next reading, beside a reply of unknown price: the key moved 0.0181.
    const split = splitMovement(
      [charge("task", null), refund("back", 0, { of: "task" }), charge("reply", null)],
      0.0181,
      0,
    );
    expect(split.attributed).toEqual([
      { id: "reply", amount: 0, low: 0, high: 0.0181, kind: "estimated" },
      { id: "task", amount: 0, low: 0, high: null, kind: "estimated" },
      { id: "back", amount: 0, low: 0, high: 0, kind: "estimated" },
    ]);
    expect(split.other).toBeCloseTo(0.0181, 9);
  });

  it("a lone call of unknown price is ≈ from the least it can cost to the movement, never measured", () => {
    // A chat-pro reply stopped while another client bought an image: the key moved 0.1246.
    const split = splitMovement([charge("chat", null, { low: 0.0085 })], 0.1246, 0);
    expect(split.attributed).toEqual([{ id: "chat", amount: 0.0085, low: 0.0085, high: 0.1246, kind: "estimated" }]);
    // The rest is shared with other spend: none of it, or all of it, may be someone else's.
    expect(split.other).toBeCloseTo(0.1161, 9);
    expect(split.otherLow).toBe(0);
    expect(split.otherHigh).toBeCloseTo(0.1161, 9);
  });

  it("a lone call is measured only when a trusted or confirmed price agrees with the movement", () => {
    expect(splitMovement([charge("a", 0.2)], 0.203, 0).attributed).toEqual([
      { id: "a", amount: 0.203, low: 0.203, high: 0.203, kind: "measured" },
    ]);
    expect(splitMovement([charge("a", 0.2, { priced: true })], 0.2, 0.0001).attributed[0]?.kind).toBe("measured");
  });

  it("a call priced by the server's list keeps its price when the key moved more, the rest other spend", () => {
    const split = splitMovement([charge("chat", 0.0017, { priced: true })], 0.1017, 0.0001);
    expect(split.attributed).toEqual([{ id: "chat", amount: 0.0017, low: 0.0017, high: 0.0017, kind: "priced" }]);
    expect(split.other).toBeCloseTo(0.1, 9);
    expect([split.otherLow, split.otherHigh]).toEqual([expect.closeTo(0.1, 9), expect.closeTo(0.1, 9)]);
  });

  it("a burst of unknown prices is not split by guessed prices: each call gets its least, the rest is shared", () => {
    const split = splitMovement([charge("chat", null), charge("image", null, { low: 0.1 })], 0.31, 0);
    expect(split.attributed).toEqual([
      { id: "chat", amount: 0, low: 0, high: expect.closeTo(0.21, 9), kind: "estimated" },
      { id: "image", amount: 0.1, low: 0.1, high: expect.closeTo(0.31, 9), kind: "estimated" },
    ]);
    expect(split.other).toBeCloseTo(0.21, 9);
    expect([split.otherLow, split.otherHigh]).toEqual([0, expect.closeTo(0.21, 9)]);
  });

  it("the key moving less than the prices say scales every call, ≈ from its least to what the movement leaves", () => {
    const split = splitMovement([charge("a", 0.1), charge("b", 0.3, { low: 0.12 })], 0.2, 0);
    expect(split.attributed).toEqual([
      { id: "a", amount: expect.closeTo(0.05, 9), low: 0, high: expect.closeTo(0.08, 9), kind: "estimated" },
      { id: "b", amount: expect.closeTo(0.15, 9), low: 0.12, high: expect.closeTo(0.2, 9), kind: "estimated" },
    ]);
    expect(split.other).toBe(0);
    expect(split.otherHigh).toBeCloseTo(0.08, 9);
  });

  it("when the key moved less, calls the server's list prices keep their price and the others take the shortfall", () => {
    const split = splitMovement([charge("listed", 0.1, { priced: true }), charge("learned", 0.2)], 0.25, 0);
    expect(split.attributed).toEqual([
      { id: "listed", amount: 0.1, low: 0.1, high: 0.1, kind: "priced" },
      { id: "learned", amount: expect.closeTo(0.15, 9), low: 0, high: expect.closeTo(0.15, 9), kind: "estimated" },
    ]);
    // Less than even the listed prices: the list is out of date too, and every call is scaled.
    const below = splitMovement([charge("listed", 0.2, { priced: true }), charge("learned", 0.1)], 0.15, 0);
    expect(below.attributed.map((event) => [event.id, event.amount, event.kind])).toEqual([
      ["listed", expect.closeTo(0.1, 9), "estimated"],
      ["learned", expect.closeTo(0.05, 9), "estimated"],
    ]);
    const allListed = splitMovement([charge("a", 0.1, { priced: true }), charge("b", 0.1, { priced: true })], 0.15, 0);
    expect(allListed.attributed.map((event) => [event.amount, event.kind])).toEqual([
      [expect.closeTo(0.075, 9), "estimated"],
      [expect.closeTo(0.075, 9), "estimated"],
    ]);
  });

  it("a movement with money given back in it is no fall of prices: it is shared, not scaled", () => {
    const split = splitMovement([charge("a", 0.1), refund("back", 0.05)], 0.02, 0);
    expect(split.attributed).toEqual([
      { id: "a", amount: expect.closeTo(0.07, 9), low: 0, high: expect.closeTo(0.07, 9), kind: "estimated" },
      { id: "back", amount: 0.05, low: 0.05, high: 0.05, kind: "estimated" },
    ]);
  });

  it("a listed call beside one of unknown price keeps its price even when the key moved less: money came back elsewhere", () => {
    const split = splitMovement([charge("listed", 0.1, { priced: true }), charge("unknown", null)], 0.05, 0);
    expect(split.attributed).toEqual([
      { id: "listed", amount: 0.1, low: 0.1, high: 0.1, kind: "priced" },
      { id: "unknown", amount: 0, low: 0, high: null, kind: "estimated" },
    ]);
    expect(split.other).toBeCloseTo(-0.05, 9);
  });

  it("other spend left beside calls of unknown price is a range from nothing to what their least leaves", () => {
    const split = splitMovement(
      [charge("listed", 0.1, { priced: true }), charge("unknown", null, { low: 0.02 })],
      0.2,
      0,
    );
    expect(split.other).toBeCloseTo(0.08, 9);
    expect(split.otherLow).toBe(0);
    expect(split.otherHigh).toBeCloseTo(0.08, 9);
  });

  it("a burst the prices explain: listed calls at their price, others ≈ up to what the rest's least leaves", () => {
    const split = splitMovement(
      [
        charge("listed", 0.1, { priced: true }),
        charge("one", 0.2, { low: 0.05 }),
        charge("two", 0.1, { low: 0.02 }),
        refund("back", 0.03),
      ],
      0.37,
      0.0001,
    );
    expect(split.attributed).toEqual([
      { id: "listed", amount: 0.1, low: 0.1, high: 0.1, kind: "priced" },
      { id: "one", amount: 0.2, low: 0.05, high: expect.closeTo(0.28, 9), kind: "estimated" },
      { id: "two", amount: 0.1, low: 0.02, high: expect.closeTo(0.25, 9), kind: "estimated" },
      { id: "back", amount: 0.03, low: 0.03, high: 0.03, kind: "estimated" },
    ]);
    expect(split.other).toBe(0);
  });

  it("calls refunded in their own movement: each within its own bounds, its refund giving back just that", () => {
    const split = splitMovement(
      [
        charge("guessed", 0.3, { low: 0.1, high: 0.25 }),
        refund("guessed-back", 0.3, { of: "guessed" }),
        charge("listed", 0.2, { priced: true, low: 0.2, high: 0.2 }),
        refund("listed-back", 0.2, { of: "listed", priced: true }),
      ],
      // Another client spent 0.05 meanwhile.
      0.05,
      0.0001,
    );
    expect(split.attributed).toEqual([
      { id: "guessed", amount: 0.25, low: 0.1, high: 0.25, kind: "estimated" },
      { id: "guessed-back", amount: 0.25, low: 0.25, high: 0.25, kind: "estimated" },
      { id: "listed", amount: 0.2, low: 0.2, high: 0.2, kind: "priced" },
      { id: "listed-back", amount: 0.2, low: 0.2, high: 0.2, kind: "priced" },
    ]);
    expect(split.other).toBeCloseTo(0.05, 9);
  });

  it("money back elsewhere bounds no call from above", () => {
    const split = splitMovement([charge("a", 0.2)], -0.5, 0);
    expect(split.attributed).toEqual([{ id: "a", amount: 0.2, low: 0, high: null, kind: "estimated" }]);
    expect(split.other).toBeCloseTo(-0.7, 9);
  });

  it("a refund gives back what its call was booked at, so a refunded call of unknown price nets to nothing", () => {
    const split = splitMovement([refund("r", 0)], -2.5, 0);
    expect(split.attributed).toEqual([{ id: "r", amount: 0, low: 0, high: 0, kind: "estimated" }]);
    expect(split.other).toBeCloseTo(-2.5, 9);
    expect(splitMovement([refund("r", 2.5, { priced: true })], -2.5, 0).attributed[0]?.kind).toBe("measured");
  });
});

/** How a call's price is known in a generated scenario. */
type Known = "priced" | "confirmed" | "unknown";

/** A share or amount in steps of 1/10,000: fast-check's doubles crowd at the extremes. */
const fraction = (min: number, max: number) =>
  fc.integer({ min: Math.round(min * 10_000), max: Math.round(max * 10_000) }).map((steps) => steps / 10_000);

const scenario = fc.record({
  calls: fc.array(
    fc.record({
      truth: fraction(0.0001, 5),
      known: fc.constantFrom<Known>("priced", "confirmed", "unknown"),
      /** How far a confirmed (learned) price is off the charge: within 1 %. */
      drift: fraction(-0.01, 0.01),
      /** The least the call can cost, as a share of its charge. */
      least: fraction(0, 1),
      /** The most, as a share over its charge, or unbounded. */
      most: fc.option(fraction(0, 2)),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  other: fc.oneof(fc.constant(0), fraction(0, 3), fraction(0, 0.05)),
});

describe("any split", () => {
  it("adds up to the movement, never gives an unknown call more than it cost, and each range holds the charge", () => {
    fc.assert(
      fc.property(scenario, ({ calls, other }) => {
        const events = calls.map((call, i) =>
          charge(
            String(i),
            call.known === "unknown" ? null : call.truth * (1 + (call.known === "priced" ? 0 : call.drift)),
            {
              priced: call.known === "priced",
              low: call.truth * call.least,
              high: call.most === null ? null : call.truth * (1 + call.most),
            },
          ),
        );
        const spent = calls.reduce((sum, call) => sum + call.truth, 0) + other;
        const split = splitMovement(events, spent, 0);
        const own = split.attributed.reduce((sum, event) => sum + event.amount, 0);
        expect(Math.abs(own + split.other - spent)).toBeLessThan(1e-8);
        let unknownShown = 0;
        let unknownTrue = 0;
        split.attributed.forEach((event) => {
          const call = calls[Number(event.id)];
          if (!call) throw new Error("an event per call");
          const slack = 1e-9 + 0.0101 * call.truth;
          expect(event.amount).toBeGreaterThanOrEqual(event.low - 1e-12);
          if (event.high !== null) expect(event.amount).toBeLessThanOrEqual(event.high + 1e-12);
          if (event.kind === "estimated") {
            expect(call.truth).toBeGreaterThanOrEqual(event.low - slack);
            if (event.high !== null) expect(call.truth).toBeLessThanOrEqual(event.high + slack);
          } else {
            // Measured: within 2 % of a price that is itself within 1 % of the charge.
            expect(Math.abs(event.amount - call.truth)).toBeLessThanOrEqual(0.0302 * call.truth + 1e-9);
          }
          if (call.known === "unknown") {
            unknownShown += event.amount;
            unknownTrue += call.truth;
          }
        });
        // A second copy of the app on the key is other spend here: what this copy claims of it is nothing.
        expect(unknownShown).toBeLessThanOrEqual(unknownTrue + 1e-9);
        if (calls.every((call) => call.known !== "confirmed")) {
          // Within 2 % a lone call is measured at the whole movement: that much other spend is taken for it.
          const slack = 1e-9 + 0.0201 * (spent - other);
          expect(other).toBeGreaterThanOrEqual(split.otherLow - slack);
          expect(other).toBeLessThanOrEqual(split.otherHigh + slack);
        }
      }),
      { numRuns: 3000, seed: 43 },
    );
  });
});
