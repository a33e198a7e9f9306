import { describe, expect, it } from "vitest";
import { ledger } from "./ledger-fixtures.ts";

describe("prices learned from the key's movements", () => {
  it("a movement the calls explain is learned from: after each run the prices are fitted again", () => {
    const book = ledger();
    book.reading(0, 0);
    book.call({ from: 20, to: 30 });
    book.reading(100, 0.04);
    book.call({ from: 120, to: 130, units: 2 });
    book.reading(200, 0.12);
    book.costs.run("p");
    expect(book.priceOf("img")).toEqual({
      model: "img",
      unit: "image",
      size: "1024x1024",
      price: expect.closeTo(0.04, 6),
      source: "learned",
      observations: 2,
    });
  });

  it("a refund is learned as a refund, not a charge, when prices are fitted", () => {
    const book = ledger();
    book.reading(0, 0);
    const id = book.call({ from: 20, to: 30, taskId: "t" });
    book.reading(100, 0.04);
    book.costs.run("p");
    book.refunded(id, 150, 160);
    book.reading(200, 0);
    book.costs.run("p");
    // The refund counts against the call it gives back; it is no call of its own.
    expect(book.priceOf("img")).toMatchObject({ price: expect.closeTo(0.04, 6), observations: 1 });
  });

  it("a movement the calls do not explain teaches no price", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    book.call({ from: 20, to: 30 });
    book.reading(100, 0.1);
    book.costs.run("p");
    expect(book.prices.prices("p")).toEqual([
      expect.objectContaining({ price: 0.04, source: "published", observations: 0 }),
    ]);
  });

  it("a price change seen in two lone calls of different sizes is applied: the calls are measured, their other spend undone", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    const first = book.call({ from: 20, to: 30 });
    book.reading(100, 0.06);
    book.costs.run("p");
    // One call could be someone else spending at the same moment.
    expect(book.otherSpend()).toHaveLength(1);
    expect(book.priceOf("img")?.price).toBe(0.04);
    const second = book.call({ from: 120, to: 130, units: 2 });
    book.reading(200, 0.18);
    book.costs.run("p");
    expect(book.priceOf("img")).toMatchObject({ price: expect.closeTo(0.06, 6), source: "published" });
    expect(book.row(first)).toMatchObject({ cost: expect.closeTo(0.06, 9), cost_kind: "measured" });
    expect(book.row(second)).toMatchObject({ cost: expect.closeTo(0.12, 9), cost_kind: "measured" });
    expect(book.otherSpend()).toEqual([]);
  });

  it("another client spending in step with calls alike is not a change of price: the calls keep the list's price", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    const calls = [0, 1, 2].map((i) => {
      const id = book.call({ from: 100 * i + 20, to: 100 * i + 30 });
      // Each of the app's images moves the key by 0.08: another client bought one for 0.04 meanwhile.
      book.reading(100 * (i + 1), 0.08 * (i + 1));
      book.costs.run("p");
      return id;
    });
    expect(book.priceOf("img")?.price).toBe(0.04);
    for (const id of calls) expect(book.row(id)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "priced" });
    expect(book.otherSpend().map((row) => row.cost)).toEqual([0.04, 0.04, 0.04].map((cost) => expect.closeTo(cost, 9)));
  });

  it("a movement of several calls never tells a change of price", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    book.call({ from: 20, to: 30 });
    book.call({ from: 21, to: 31 });
    book.reading(100, 0.12);
    book.costs.run("p");
    book.call({ from: 120, to: 130 });
    book.call({ from: 121, to: 131 });
    book.reading(200, 0.24);
    book.costs.run("p");
    expect(book.priceOf("img")?.price).toBe(0.04);
    expect(book.otherSpend()).toHaveLength(2);
  });

  it("a change of an image's price is followed at once while its price rests on few calls", () => {
    const book = ledger();
    book.reading(0, 0);
    book.call({ from: 20, to: 30 });
    book.reading(100, 0.04);
    book.call({ from: 120, to: 130 });
    book.reading(200, 0.08);
    book.costs.run("p");
    expect(book.priceOf("img")).toMatchObject({ price: expect.closeTo(0.04, 6), observations: 2 });
    book.call({ from: 220, to: 230 });
    book.reading(300, 0.14);
    book.costs.run("p");
    book.call({ from: 320, to: 330, units: 2 });
    book.reading(400, 0.26);
    book.costs.run("p");
    expect(book.priceOf("img")?.price).toBeCloseTo(0.06, 6);
  });

  it("a reply's prices resting on few calls are fitted again, not taken as changed", () => {
    const book = ledger();
    book.reading(0, 0);
    book.call({ kind: "chat", from: 20, to: 30 });
    book.reading(100, 0.007);
    book.call({ kind: "chat", from: 120, to: 130, inputTokens: 2000 });
    book.reading(200, 0.016);
    book.costs.run("p");
    book.call({ kind: "chat", from: 220, to: 230 });
    book.reading(300, 0.0265);
    book.costs.run("p");
    book.call({ kind: "chat", from: 320, to: 330 });
    book.reading(400, 0.037);
    book.costs.run("p");
    // A change of price would forget the movements before the calls that showed it.
    expect(book.observationCount()).toBe(4);
  });
});

describe("estimates of calls whose cost is not measured yet", () => {
  it("estimateUnpriced gives calls of unknown cost an estimate, never overwriting a measured one", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    const waiting = book.call({ from: 20, to: 30, units: 3 });
    const measured = book.call({ from: 40, to: 50 });
    book.db
      .prepare("UPDATE request_log SET cost = 0.05, cost_kind = 'measured', attributed = 1 WHERE id = ?")
      .run(measured);
    const unpriced = book.call({ model: "new-img", from: 60, to: 70 });
    const elsewhere = book.call({ from: 80, to: 90, profile: "q" });
    book.costs.estimateUnpriced("p");
    expect(book.row(waiting)).toMatchObject({ cost: expect.closeTo(0.12, 9), cost_kind: "priced", attributed: 0 });
    expect(book.row(measured)).toMatchObject({ cost: 0.05, cost_kind: "measured" });
    expect(book.row(unpriced)).toMatchObject({ cost: null, cost_kind: "unknown" });
    expect(book.row(elsewhere)).toMatchObject({ cost: null, cost_kind: "unknown" });
  });

  it("a measurement replaces an estimate", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    const id = book.call({ from: 20, to: 30 });
    book.costs.estimateUnpriced("p");
    book.reading(100, 0.0405);
    book.costs.run("p");
    expect(book.row(id)).toMatchObject({ cost: expect.closeTo(0.0405, 9), cost_kind: "measured" });
  });

  it("after a run, calls still waiting are estimated from the prices just learned", () => {
    const book = ledger();
    book.reading(0, 0);
    book.call({ from: 20, to: 30 });
    const waiting = book.call({ from: 120, to: null });
    book.reading(100, 0.04);
    book.costs.run("p");
    expect(book.row(waiting)).toMatchObject({ cost: expect.closeTo(0.04, 6), cost_kind: "estimated", attributed: 0 });
  });
});
