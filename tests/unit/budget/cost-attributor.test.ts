import { describe, expect, it } from "vitest";
import { exactOtherSpend, ledger, upTo } from "./ledger-fixtures.ts";

describe("a call's cost, from the balance readings around it", () => {
  it("a call alone in a movement that confirms its published price is measured at it", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    const id = book.call({ from: 20, to: 30 });
    book.reading(100, 0.04);
    expect(book.costs.run("p")).toBe(true);
    expect(book.row(id)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "measured", attributed: 1 });
    expect(book.otherSpend()).toEqual([]);
  });

  it("what the calls do not explain is other spend: a call the server's list prices keeps its price", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    const id = book.call({ from: 20, to: 30 });
    book.reading(100, 0.1);
    book.costs.run("p");
    expect(book.row(id)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "priced", attributed: 1 });
    expect(book.otherSpend()).toEqual([exactOtherSpend(10, 100, 0.06)]);
  });

  it("a price learned from too few calls tells nothing: the call is a range from its least to the movement", () => {
    const few = ledger();
    few.learned("img", "image", "1024x1024", 0.04, 2);
    few.reading(0, 0);
    const id = few.call({ from: 20, to: 30 });
    few.reading(100, 0.1);
    few.costs.run("p");
    expect(few.row(id)).toMatchObject(upTo(0.1));
    expect(few.otherSpend()).toEqual([
      { from: 10, to: 100, cost: expect.closeTo(0.1, 9), low: 0, high: expect.closeTo(0.1, 9), kind: "estimated" },
    ]);

    const enough = ledger();
    enough.learned("img", "image", "1024x1024", 0.04, 3);
    enough.reading(0, 0);
    const settled = enough.call({ from: 20, to: 30 });
    enough.reading(100, 0.1);
    enough.costs.run("p");
    expect(enough.row(settled)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "estimated" });
    expect(enough.otherSpend()).toEqual([expect.objectContaining({ cost: expect.closeTo(0.06, 9) })]);
  });

  it("a reply's three prices tell other spend from a reply only once learned from nine calls", () => {
    const replyPrices = (observations: number) => {
      const book = ledger();
      book.prices.replaceLearned("p", [
        { model: "chat-m", unit: "call", size: null, price: 0.001, observations },
        { model: "chat-m", unit: "input_1k", size: null, price: 0.002, observations },
        { model: "chat-m", unit: "output_1k", size: null, price: 0.004, observations },
      ]);
      book.reading(0, 0);
      const id = book.call({ kind: "chat", from: 20, to: 30 });
      book.reading(100, 0.05);
      book.costs.run("p");
      return { reply: book.row(id), other: book.otherSpend() };
    };
    expect(replyPrices(8)).toEqual({
      reply: expect.objectContaining({ cost: 0, cost_high: expect.closeTo(0.05, 9), cost_kind: "estimated" }),
      other: [expect.objectContaining({ cost: expect.closeTo(0.05, 9), low: 0 })],
    });
    expect(replyPrices(9)).toEqual({
      reply: expect.objectContaining({ cost: expect.closeTo(0.007, 9), cost_kind: "estimated" }),
      other: [expect.objectContaining({ cost: expect.closeTo(0.043, 9) })],
    });
  });

  it("a model's prices are settled or not by its own prices alone, not other models'", () => {
    const book = ledger();
    book.prices.replacePublished("p", [
      { model: "chat-m", unit: "call", size: null, price: 0.001, observations: 0 },
      { model: "chat-m", unit: "input_1k", size: null, price: 0.002, observations: 0 },
    ]);
    book.learned("img", "image", "1024x1024", 0.04, 3);
    book.reading(0, 0);
    const id = book.call({ from: 20, to: 30 });
    book.reading(100, 0.1);
    book.costs.run("p");
    expect(book.row(id)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "estimated" });
    expect(book.otherSpend()).toEqual([expect.objectContaining({ cost: expect.closeTo(0.06, 9) })]);
  });

  it("a reply with one price learned from few calls cannot tell other spend, though its other prices are published", () => {
    const book = ledger();
    book.prices.replacePublished("p", [{ model: "chat-m", unit: "call", size: null, price: 0.001, observations: 0 }]);
    book.prices.replaceLearned("p", [
      { model: "chat-m", unit: "input_1k", size: null, price: 0.002, observations: 1 },
      { model: "chat-m", unit: "output_1k", size: null, price: 0.004, observations: 1 },
    ]);
    book.reading(0, 0);
    const id = book.call({ kind: "chat", from: 20, to: 30 });
    book.reading(100, 0.05);
    book.costs.run("p");
    // The published per-call price is the least it can cost; the rest is shared with other spend.
    expect(book.row(id)).toMatchObject({
      cost: expect.closeTo(0.001, 9),
      cost_low: expect.closeTo(0.001, 9),
      cost_high: expect.closeTo(0.05, 9),
      cost_kind: "estimated",
    });
    expect(book.otherSpend()).toEqual([expect.objectContaining({ cost: expect.closeTo(0.049, 9), low: 0 })]);
  });

  it("calls of unknown price are not split by guessed prices: each may have cost all the others leave", () => {
    const book = ledger();
    book.reading(0, 0);
    const reply = book.call({ kind: "chat", from: 20, to: 30 });
    const search = book.call({ kind: "search", model: "web", from: 21, to: 31 });
    const images = book.call({ from: 22, to: 32, units: 2 });
    const video = book.call({ kind: "video", model: "vid", from: 23, to: 33, units: 4, size: "1280x720" });
    book.reading(100, 2.44);
    book.costs.run("p");
    for (const id of [reply, search, images, video]) {
      expect(book.row(id)).toMatchObject(upTo(2.44));
    }
    expect(book.otherSpend()).toEqual([
      expect.objectContaining({ cost: expect.closeTo(2.44, 9), low: 0, high: expect.closeTo(2.44, 9) }),
    ]);
  });

  it("a stopped reply is a range up to its movement, and teaches no price", () => {
    const book = ledger();
    book.prices.replacePublished("p", [
      { model: "chat-m", unit: "call", size: null, price: 0.001, observations: 0 },
      { model: "chat-m", unit: "input_1k", size: null, price: 0.002, observations: 0 },
      { model: "chat-m", unit: "output_1k", size: null, price: 0.004, observations: 0 },
    ]);
    book.reading(0, 0);
    // Stopped: the gateway charged for more than the app read, so the reply's tokens are not in the ledger.
    const id = book.call({ kind: "chat", from: 20, to: 30, inputTokens: null, outputTokens: null });
    book.reading(100, 0.013);
    book.costs.run("p");
    expect(book.row(id)).toMatchObject({ cost: 0, cost_high: expect.closeTo(0.013, 9), cost_kind: "estimated" });
    expect(book.otherSpend()).toEqual([expect.objectContaining({ cost: expect.closeTo(0.013, 9), low: 0 })]);
    expect(book.observationCount()).toBe(0);
    expect(book.prices.prices("p").filter((price) => price.source === "learned")).toEqual([]);
  });

  it("a movement with a call whose quantities are unknown teaches no price, though its other calls' are known", () => {
    const book = ledger();
    book.reading(0, 0);
    book.call({ kind: "chat", from: 20, to: 30, inputTokens: null, outputTokens: null });
    book.call({ from: 21, to: 31 });
    book.reading(100, 0.05);
    book.costs.run("p");
    expect(book.observationCount()).toBe(0);
  });

  it("a reading asked for before a call ended does not close the call's movement", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.03);
    book.reading(0, 0);
    const straddling = book.call({ from: 20, to: 105 });
    book.reading(100, 0.04);
    const next = book.call({ from: 112, to: 130 });
    book.reading(200, 0.06);
    book.costs.run("p");
    // Both calls lie between the readings at 0 and 200: the movement is theirs together, neither measured alone.
    expect(book.row(straddling)).toMatchObject({ cost: expect.closeTo(0.03, 9), cost_kind: "priced" });
    expect(book.row(next)).toMatchObject({ cost: expect.closeTo(0.03, 9), cost_kind: "priced" });
  });

  it("a reading stored without the time it was asked for counts as asked for when it was answered", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    const id = book.call({ from: 20, to: 30 });
    book.db
      .prepare(
        "INSERT INTO balance_samples (profile_id, sampled_at, balance, daily_used) VALUES ('p', 110, 50.0834, 0.04)",
      )
      .run();
    book.costs.run("p");
    expect(book.row(id)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "measured" });
  });

  it("a call with no reading before it is never measured: the server's list prices it, or it stays unknown", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    const priced = book.call({ from: 5, to: 8 });
    const unpriced = book.call({ model: "new-img", from: 6, to: 9 });
    book.reading(100, 0.5);
    expect(book.costs.run("p")).toBe(true);
    expect(book.row(priced)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "priced", attributed: 1 });
    expect(book.row(unpriced)).toMatchObject({ cost: null, cost_kind: "unknown", attributed: 1 });
    expect(book.otherSpend()).toEqual([]);
  });

  it("a call no reading can measure is priced by the list in force when it is judged", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    const id = book.call({ from: 5, to: 8 });
    book.costs.estimateUnpriced("p");
    book.publish("img", "image", "1024x1024", 0.05);
    book.reading(100, 0.05);
    book.costs.run("p");
    expect(book.row(id)).toMatchObject({ cost: expect.closeTo(0.05, 9), cost_kind: "priced", attributed: 1 });
  });

  it("a call still out holds the movements after it; the calls before it are measured", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    const done = book.call({ from: 20, to: 30 });
    book.reading(100, 0.04);
    const out = book.call({ kind: "chat", from: 120, to: null });
    book.reading(200, 0.1);
    book.reading(300, 0.3);
    book.costs.run("p");
    expect(book.row(done)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "measured" });
    expect(book.row(out)).toMatchObject({ cost: null, attributed: 0 });
    expect(book.otherSpend()).toEqual([]);
  });
});

describe("refunds", () => {
  /** A task's image measured at 0.04, then refunded between 150 and 160; the key spent `elsewhere` meanwhile. */
  function refundedTask(elsewhere: number) {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    const id = book.call({ from: 20, to: 30, taskId: "t" });
    book.reading(100, 0.04);
    book.costs.run("p");
    book.refunded(id, 150, 160);
    book.reading(200, elsewhere);
    return { book, id, written: book.costs.run("p") };
  }

  it("a refund gives back what the call was measured at, and leaves the call's cost alone", () => {
    const { book, id, written } = refundedTask(0);
    expect(written).toBe(true);
    expect(book.row(id)).toMatchObject({
      cost: expect.closeTo(0.04, 9),
      cost_kind: "measured",
      refund: expect.closeTo(0.04, 9),
      refund_pending: 0,
    });
    expect(book.otherSpend()).toEqual([]);
  });

  it("a refund gives back what the call cost: other spend in the refund's movement is other spend", () => {
    const { book, id } = refundedTask(0.05);
    expect(book.row(id).refund).toBeCloseTo(0.04, 9);
    expect(book.otherSpend()).toEqual([exactOtherSpend(110, 200, 0.05)]);
  });

  it("a refund no reading can measure gives back what its call cost in the ledger, whatever the price now", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    const id = book.call({ from: 5, to: 8, taskId: "t" });
    book.reading(100, 0.04);
    book.costs.run("p");
    book.publish("img", "image", "1024x1024", 0.05);
    // The task failed: its refund landed after its previous call, the submission before any reading.
    book.refunded(id, 5, 150);
    book.reading(200, 0);
    book.costs.run("p");
    expect(book.row(id)).toMatchObject({ cost: expect.closeTo(0.04, 9), refund: expect.closeTo(0.04, 9) });
  });

  it("a call and its refund both before the first reading: the refund gives back what the call was estimated at", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    const id = book.call({ from: 5, to: 8, taskId: "t" });
    book.refunded(id, 20, 30);
    book.reading(100, 0);
    book.costs.run("p");
    expect(book.row(id)).toMatchObject({
      cost: expect.closeTo(0.04, 9),
      cost_kind: "priced",
      refund: expect.closeTo(0.04, 9),
      refund_pending: 0,
    });
  });
});

describe("other spend on the key", () => {
  it("the first run judges from the reading before the oldest waiting call, not the key's history before it", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    book.reading(50, 1);
    const id = book.call({ from: 100, to: 110 });
    book.reading(200, 1.04);
    book.costs.run("p");
    expect(book.row(id)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "measured" });
    expect(book.otherSpend()).toEqual([]);
  });

  it("with no call waiting, what the key spent after the last judged reading is other spend, measured", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    book.call({ from: 20, to: 30 });
    book.reading(100, 0.04);
    book.costs.run("p");
    book.reading(200, 0.14);
    expect(book.costs.run("p")).toBe(true);
    expect(book.otherSpend()).toEqual([exactOtherSpend(110, 200, 0.1)]);
    book.reading(300, 0.14);
    expect(book.costs.run("p")).toBe(false);
    expect(book.otherSpend()).toHaveLength(1);
  });

  it("with nothing judged yet and no call, the latest reading is where judging starts", () => {
    const book = ledger();
    book.reading(0, 0);
    book.reading(100, 0.5);
    expect(book.costs.run("p")).toBe(false);
    expect(book.otherSpend()).toEqual([]);
    book.reading(200, 0.7);
    book.costs.run("p");
    expect(book.otherSpend()).toEqual([exactOtherSpend(110, 200, 0.2)]);
  });

  it("a running paid task holds every movement after it, its own included; once it ends they are judged", () => {
    const book = ledger();
    book.prices.replacePublished("p", [
      { model: "img", unit: "image", size: "1024x1024", price: 0.04, observations: 0 },
      { model: "chat-m", unit: "call", size: null, price: 0, observations: 0 },
      { model: "chat-m", unit: "input_1k", size: null, price: 0.004, observations: 0 },
      { model: "chat-m", unit: "output_1k", size: null, price: 0.006, observations: 0 },
    ]);
    book.task("t", "processing");
    book.reading(0, 0);
    const task = book.call({ from: 20, to: 30, taskId: "t" });
    book.reading(100, 0.04);
    const reply = book.call({ kind: "chat", from: 120, to: 130 });
    book.reading(200, 0.05);
    book.reading(300, 0.15);
    book.costs.run("p");
    // The task's refund may reach back to any of these movements: none is split while it runs.
    expect(book.row(task)).toMatchObject({ attributed: 0 });
    expect(book.row(reply)).toMatchObject({ attributed: 0 });
    expect(book.otherSpend()).toEqual([]);
    book.task("t", "succeeded");
    book.costs.run("p");
    expect(book.row(task)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "measured" });
    expect(book.row(reply)).toMatchObject({ cost: expect.closeTo(0.01, 9), cost_kind: "measured" });
    expect(book.otherSpend()).toEqual([exactOtherSpend(210, 300, 0.1)]);
  });

  it("a task refunded after its charge was read joins its charge's movement: the refund is not counted twice", () => {
    const book = ledger();
    book.task("t", "processing");
    book.reading(0, 0);
    const id = book.call({ from: 20, to: 30, taskId: "t" });
    book.reading(100, 0.4);
    book.costs.run("p");
    // The poll at 25 saw it running, before the reading that closed its charge's movement; the one at 450 saw it
    // failed and refunded: the refund may have come in either movement.
    book.refunded(id, 25, 450);
    book.task("t", "failed");
    book.reading(500, 0);
    book.costs.run("p");
    const row = book.row(id);
    expect((row.cost ?? NaN) - (row.refund ?? NaN)).toBeCloseTo(0, 9);
    // The key moved by nothing in all: nothing is other spend.
    expect(book.otherSpend().reduce((sum, spend) => sum + spend.cost, 0)).toBeCloseTo(0, 9);
  });

  it("a task that has finished holds nothing", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.task("t", "succeeded");
    book.reading(0, 0);
    book.call({ from: 20, to: 30, taskId: "t" });
    book.reading(100, 0.04);
    book.reading(200, 0.14);
    book.costs.run("p");
    expect(book.otherSpend()).toEqual([expect.objectContaining({ from: 110, cost: expect.closeTo(0.1, 9) })]);
  });

  it("another profile's readings, calls and tasks are not this profile's", () => {
    const book = ledger();
    book.task("t", "processing");
    book.reading(0, 0, "q");
    book.call({ from: 20, to: 30, taskId: "t", profile: "q" });
    book.reading(0, 0);
    book.reading(100, 0.1);
    book.reading(100, 0.04, "q");
    book.reading(200, 0.3);
    expect(book.costs.run("p")).toBe(false);
    book.reading(300, 0.4);
    book.costs.run("p");
    expect(book.otherSpend()).toEqual([exactOtherSpend(210, 300, 0.1)]);
    expect(book.otherSpend("q")).toEqual([]);
  });
});

describe("a run", () => {
  it("with no reading at all writes nothing", () => {
    const book = ledger();
    const id = book.call({ from: 20, to: 30 });
    expect(book.costs.run("p")).toBe(false);
    expect(book.row(id)).toMatchObject({ cost: null, attributed: 0 });
  });

  it("that fails to write leaves nothing half-written: the next run attributes the same movements once", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    const id = book.call({ from: 20, to: 30 });
    book.reading(100, 0.1);
    book.db.exec(
      `CREATE TRIGGER refuse BEFORE INSERT ON price_observations BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
    );
    expect(() => book.costs.run("p")).toThrow("disk full");
    expect(book.row(id)).toMatchObject({ cost: null, attributed: 0 });
    expect(book.otherSpend()).toEqual([]);
    book.db.exec("DROP TRIGGER refuse");
    expect(book.costs.run("p")).toBe(true);
    expect(book.row(id)).toMatchObject({ cost: expect.closeTo(0.04, 9), attributed: 1 });
    expect(book.otherSpend()).toEqual([expect.objectContaining({ cost: expect.closeTo(0.06, 9) })]);
    expect(book.costs.run("p")).toBe(false);
    expect(book.otherSpend()).toHaveLength(1);
  });

  it("books a refund whose call was judged in an earlier movement of the same run once, however many runs follow", () => {
    const book = ledger();
    book.reading(0, 0);
    const id = book.call({ from: 20, to: 30, model: "pro" });
    book.reading(100, 0.3);
    book.refunded(id, 150, 160);
    book.reading(200, 0);
    book.costs.run("p");
    book.costs.run("p");
    expect(book.row(id)).toMatchObject({ refund_pending: 0 });
    const other = book.otherSpend();
    expect(other).toHaveLength(2);
    // What the key was charged and given back, net: nothing, counted once.
    const net = (book.row(id).cost ?? 0) - (book.row(id).refund ?? 0) + other.reduce((sum, row) => sum + row.cost, 0);
    expect(net).toBeCloseTo(0, 9);
  });
});
