import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PriceUnit } from "../../../shared/ipc/prices.ts";
import { onlyRow } from "../../../electron/common/sql-rows.ts";
import { PriceBook, type LearnedPrice } from "../../../electron/services/budget/price-book.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";

function book() {
  const db = openAppDatabase(join(mkdtempSync(join(tmpdir(), "price-book-")), "app.sqlite"));
  return { db, prices: new PriceBook(db) };
}

const at = (model: string, unit: PriceUnit, size: string | null, price: number, observations = 0): LearnedPrice => ({
  model,
  unit,
  size,
  price,
  observations,
});

/** The profile's price history, oldest first, as model, source and price. */
const historyOf = (prices: PriceBook) =>
  prices.history
    .of("p")
    .reverse()
    .map((change) => [change.model, change.source, change.price]);

describe("the prices in force", () => {
  it("the user's price wins, then the published one, then the learned one, which tells the calls it rests on", () => {
    const { prices } = book();
    prices.replaceLearned("p", [at("img", "image", "1024x1024", 0.04, 7)]);
    prices.replacePublished("p", [at("img", "image", "1024x1024", 0.05, 5)]);
    prices.setUserPrice("p", "img", "image", "1024x1024", 0.06);
    const inForce = { model: "img", unit: "image", size: "1024x1024", observations: 7 };
    expect(prices.prices("p")).toEqual([{ ...inForce, price: 0.06, source: "user" }]);
    prices.setUserPrice("p", "img", "image", "1024x1024", null);
    expect(prices.prices("p")).toEqual([{ ...inForce, price: 0.05, source: "published" }]);
    prices.replacePublished("p", []);
    expect(prices.prices("p")).toEqual([{ ...inForce, price: 0.04, source: "learned" }]);
  });

  it("a published or user price rests on no calls of its own, whatever it was given", () => {
    const { prices } = book();
    prices.replacePublished("p", [at("chat", "call", null, 0.001, 5), at("img", "image", "512x512", 0.01, 5)]);
    prices.setUserPrice("p", "img", "image", "512x512", 0.02);
    expect(prices.prices("p")).toEqual([
      { model: "chat", unit: "call", size: null, price: 0.001, source: "published", observations: 0 },
      { model: "img", unit: "image", size: "512x512", price: 0.02, source: "user", observations: 0 },
    ]);
  });

  it("a price published or set without a size covers every size of its model's unit: what was learned gives way", () => {
    const { prices } = book();
    prices.replaceLearned("p", [
      at("img", "image", "1024x1024", 0.04, 3),
      at("img", "video_second", "1280x720", 0.1, 3),
      at("other", "image", "1024x1024", 0.3, 3),
      at("sized", "image", "1024x1024", 0.5, 3),
      at("users", "image", "1024x1024", 0.7, 3),
    ]);
    prices.replacePublished("p", [at("img", "image", null, 0.05), at("sized", "image", "512x512", 0.2)]);
    prices.setUserPrice("p", "users", "image", null, 0.8);
    const shown = prices.prices("p").map((price) => [price.model, price.unit, price.size, price.source]);
    expect(shown).toEqual([
      ["img", "image", null, "published"],
      ["img", "video_second", "1280x720", "learned"],
      ["other", "image", "1024x1024", "learned"],
      ["sized", "image", "1024x1024", "learned"],
      ["sized", "image", "512x512", "published"],
      ["users", "image", null, "user"],
    ]);
  });

  it("leaves out a price of a unit this version does not know", () => {
    const { db, prices } = book();
    prices.replacePublished("p", [at("img", "image", null, 0.05)]);
    db.prepare(
      `INSERT INTO model_prices (profile_id, model, unit, size, source, price, observations, updated_at)
       VALUES ('p', 'img', 'token_1m', '', 'published', 3, 0, 0)`,
    ).run();
    expect(prices.prices("p").map((price) => price.unit)).toEqual(["image"]);
  });

  it("removing the user's price removes it at that size only, and leaves the other prices", () => {
    const { prices } = book();
    prices.replacePublished("p", [at("img", "image", null, 0.05)]);
    prices.setUserPrice("p", "img", "image", null, 0.06);
    prices.setUserPrice("p", "img", "image", "512x512", 0.02);
    prices.setUserPrice("p", "img", "image", "512x512", null);
    expect(prices.prices("p").map((price) => [price.size, price.source, price.price])).toEqual([[null, "user", 0.06]]);
    prices.setUserPrice("p", "img", "image", null, null);
    expect(prices.prices("p").map((price) => [price.size, price.source, price.price])).toEqual([
      [null, "published", 0.05],
    ]);
  });

  it("the prices a fit may lean on are the published and the user's, never what was learned", () => {
    const { prices } = book();
    prices.replaceLearned("p", [at("a", "image", null, 0.04, 3)]);
    prices.replacePublished("p", [at("b", "image", null, 0.05)]);
    prices.setUserPrice("p", "c", "image", null, 0.06);
    expect(prices.trusted("p").map((price) => [price.model, price.source])).toEqual([
      ["b", "published"],
      ["c", "user"],
    ]);
  });
});

describe("a change of price the charges show", () => {
  it("corrects the model's published and learned prices by the ratio, and no other model's", () => {
    const { prices } = book();
    prices.replacePublished("p", [at("img", "image", null, 0.04), at("vid", "video_second", null, 0.1)]);
    prices.replaceLearned("p", [at("img", "image", "512x512", 0.02, 3), at("vid", "video_second", "x", 0.1, 3)]);
    prices.applyChange("p", "img", 1.5);
    const published = prices.prices("p").map((price) => [price.model, price.size, price.price]);
    expect(published).toEqual([
      ["img", null, expect.closeTo(0.06, 9)],
      ["vid", null, 0.1],
    ]);
    prices.replacePublished("p", []);
    expect(prices.prices("p").map((price) => [price.model, price.price])).toEqual([
      ["img", expect.closeTo(0.03, 9)],
      ["vid", 0.1],
    ]);
  });

  it("is recorded in the history of that model alone", () => {
    const { prices } = book();
    prices.replacePublished("p", [at("img", "image", null, 0.04), at("vid", "video_second", null, 0.1)]);
    prices.applyChange("p", "vid", 2);
    // Forgetting what was learned of vid brings back its listed price without recording it.
    prices.resetLearned("p", "vid");
    prices.applyChange("p", "img", 1.5);
    expect(historyOf(prices)).toEqual([
      ["img", "published", 0.04],
      ["vid", "published", 0.1],
      ["vid", "published", expect.closeTo(0.2, 9)],
      ["img", "published", expect.closeTo(0.06, 9)],
    ]);
  });

  it("holds while the server lists the same price; a newly listed price holds as listed", () => {
    const { prices } = book();
    prices.replacePublished("p", [at("img", "image", null, 0.04), at("vid", "video_second", null, 0.1)]);
    prices.applyChange("p", "img", 1.5);
    prices.applyChange("p", "vid", 2);
    prices.replacePublished("p", [at("img", "image", null, 0.04), at("vid", "video_second", null, 0.12)]);
    expect(prices.prices("p").map((price) => [price.model, price.price])).toEqual([
      ["img", expect.closeTo(0.06, 9)],
      ["vid", 0.12],
    ]);
    // The same list again is no change of price.
    expect(historyOf(prices)).toEqual([
      ["img", "published", 0.04],
      ["vid", "published", 0.1],
      ["img", "published", expect.closeTo(0.06, 9)],
      ["vid", "published", expect.closeTo(0.2, 9)],
      ["vid", "published", 0.12],
    ]);
  });
});

describe("forgetting what was learned of a model", () => {
  it("drops its learned prices, the correction of its published ones and the movements with its calls", () => {
    const { db, prices } = book();
    prices.replacePublished("p", [at("img", "image", null, 0.04)]);
    prices.replaceLearned("p", [at("img", "video_second", null, 0.1, 3), at("vid", "video_second", null, 0.1, 3)]);
    prices.applyChange("p", "img", 1.5);
    const observe = db.prepare(
      "INSERT INTO price_observations (profile_id, observed_at, amount, calls) VALUES (?, 0, 0.04, ?)",
    );
    const of = (model: string) =>
      JSON.stringify([{ features: [{ model, unit: "image", size: null, quantity: 1 }], sign: 1 }]);
    observe.run("p", of("img"));
    observe.run("p", of("vid"));
    observe.run("q", of("img"));
    prices.resetLearned("p", "img");
    expect(prices.prices("p").map((price) => [price.model, price.unit, price.price])).toEqual([
      ["img", "image", 0.04],
      ["vid", "video_second", 0.1],
    ]);
    const left = db.prepare("SELECT profile_id, calls FROM price_observations ORDER BY id").all();
    expect(left).toEqual([
      { profile_id: "p", calls: of("vid") },
      { profile_id: "q", calls: of("img") },
    ]);
  });
});

describe("the price book's writes", () => {
  it("a replacement of what was learned that fails keeps what was learned before", () => {
    const { db, prices } = book();
    prices.replaceLearned("p", [at("img", "image", null, 0.04, 3)]);
    db.exec(
      `CREATE TRIGGER refuse BEFORE INSERT ON model_prices WHEN NEW.model = 'bad' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    );
    expect(() => prices.replaceLearned("p", [at("img", "image", null, 0.05, 4), at("bad", "call", null, 1)])).toThrow(
      "refused",
    );
    expect(prices.prices("p").map((price) => [price.model, price.price])).toEqual([["img", 0.04]]);
    prices.replaceLearned("p", [at("img", "image", null, 0.05, 4)]);
    expect(prices.prices("p").map((price) => [price.model, price.price])).toEqual([["img", 0.05]]);
    expect(onlyRow<{ count: number }>(db.prepare("SELECT COUNT(*) AS count FROM model_prices")).count).toBe(1);
  });
});

describe("an estimate of a reply before paying", () => {
  it("prices a reply by its tokens alone when its model has no price per call", () => {
    const { prices } = book();
    prices.replacePublished("p", [at("m", "input_1k", null, 0.002), at("m", "output_1k", null, 0.004)]);
    expect(prices.estimate("p", { kind: "chat", model: "m", inputTokens: 1000, maxTokens: 500 })).toEqual({
      amount: expect.closeTo(0.002, 9),
      high: expect.closeTo(0.004, 9),
      source: "published",
    });
  });

  it("has none while either of a reply's token prices is unknown", () => {
    const { prices } = book();
    prices.replacePublished("p", [at("in", "input_1k", null, 0.002), at("out", "output_1k", null, 0.004)]);
    const none = { amount: null, high: null, source: null };
    expect(prices.estimate("p", { kind: "chat", model: "in", inputTokens: 10, maxTokens: 10 })).toEqual(none);
    expect(prices.estimate("p", { kind: "chat", model: "out", inputTokens: 10, maxTokens: 10 })).toEqual(none);
  });
});
