import { describe, expect, it } from "vitest";
import { attribute } from "../../../electron/services/budget/balance-movements.ts";
import { charge, reading } from "./attribution-fixtures.ts";

/** Two readings, 0 and then `spent`, around calls that all ran between them. */
const movement = (spent: number, events: Parameters<typeof attribute>[1]) =>
  attribute([reading(0, 0), reading(100, spent)], events).groups;

describe("other spend left in a movement of calls of unknown price", () => {
  it("reaches from nothing to all the movement above the calls' least, wherever their guess puts its point", () => {
    // A picture of an unconfirmed size: guessed at 0.05 by the list's price per area, at least 0.01.
    // The key moved 0.1: another client may have spent anything from none of it to all but 0.01.
    const [group] = movement(0.1, [{ ...charge("picture", 20, 50), low: 0.01, point: 0.05 }]);
    expect(group?.other).toBeCloseTo(0.05, 9);
    expect(group?.otherLow).toBe(0);
    expect(group?.otherHigh).toBeCloseTo(0.09, 9);
  });

  it("is none, not float dust, when the calls' least adds up to the movement", () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point: the 5.6e-17 left over is no one's spend.
    const [group] = movement(0.3, [
      { ...charge("first", 20, 40), low: 0.1 },
      { ...charge("second", 50, 70), low: 0.2 },
    ]);
    expect(group?.other).toBe(0);
  });
});
