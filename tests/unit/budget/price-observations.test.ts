import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ModelPrice } from "../../../shared/ipc/prices.ts";
import { estimateOfStoredCalls, explainedObservations } from "../../../electron/services/budget/price-observations.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";

const image = (model: string, quantity: number) => ({ model, unit: "image", size: null, quantity });
/** A movement stored by a version that priced a unit this one does not know. */
const UNREADABLE = JSON.stringify([
  { features: [{ model: "img", unit: "token_1m", size: null, quantity: 1 }], sign: 1 },
]);
const stored = (...calls: { features: ReturnType<typeof image>[]; sign: 1 | -1 }[]) => JSON.stringify(calls);

describe("the movements prices are fitted to", () => {
  it("are the profile's movements its calls explain, newest first, passing over any it cannot read", () => {
    const db = openAppDatabase(join(mkdtempSync(join(tmpdir(), "price-observations-")), "app.sqlite"));
    const observe = db.prepare(
      "INSERT INTO price_observations (profile_id, observed_at, amount, calls, explained) VALUES (?, 0, ?, ?, ?)",
    );
    observe.run("p", 0.04, stored({ features: [image("img", 1)], sign: 1 }), 1);
    observe.run("p", 0.1, stored({ features: [image("img", 1)], sign: 1 }), 0);
    observe.run("q", 0.2, stored({ features: [image("img", 1)], sign: 1 }), 1);
    observe.run("p", 0.5, UNREADABLE, 1);
    observe.run("p", -0.04, stored({ features: [image("img", 1)], sign: -1 }), 1);
    expect(explainedObservations(db, "p")).toEqual([
      { amount: -0.04, calls: [{ features: [image("img", 1)], sign: -1 }] },
      { amount: 0.04, calls: [{ features: [image("img", 1)], sign: 1 }] },
    ]);
  });
});

describe("what the prices in force say a stored movement cost", () => {
  const prices: ModelPrice[] = [
    { model: "img", unit: "image", size: null, price: 0.04, source: "published", observations: 0 },
  ];

  it("adds its calls and takes off its refunds", () => {
    const calls = stored({ features: [image("img", 3)], sign: 1 }, { features: [image("img", 1)], sign: -1 });
    expect(estimateOfStoredCalls(calls, prices)).toBeCloseTo(0.08, 9);
  });

  it("is unknown when a call's quantity has no price, or the movement cannot be read", () => {
    const calls = stored({ features: [image("img", 1)], sign: 1 }, { features: [image("other", 1)], sign: 1 });
    expect(estimateOfStoredCalls(calls, prices)).toBeNull();
    expect(estimateOfStoredCalls(UNREADABLE, prices)).toBeNull();
  });
});
