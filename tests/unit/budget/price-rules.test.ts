import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ModelPrice } from "../../../shared/ipc/prices.ts";
import { PriceBook } from "../../../electron/services/budget/price-book.ts";
import { estimateOf, featuresOf, fitPrices, type Feature } from "../../../electron/services/budget/price-fitting.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

const price = (model: string, unit: ModelPrice["unit"], size: string | null, amount: number): ModelPrice => ({
  model,
  unit,
  size,
  price: amount,
  source: "published",
  observations: 0,
});
const image = (model: string, quantity: number, size: string | null): Feature => ({
  model,
  unit: "image",
  size,
  quantity,
});

describe("what a call is priced by", () => {
  it("a reply by the call and by 1k input and output tokens; nothing while its tokens are unknown", () => {
    const call = { kind: "chat", model: "m", inputTokens: 1500, outputTokens: 500, units: null, size: null };
    expect(featuresOf(call)).toEqual([
      { model: "m", unit: "call", size: null, quantity: 1 },
      { model: "m", unit: "input_1k", size: null, quantity: 1.5 },
      { model: "m", unit: "output_1k", size: null, quantity: 0.5 },
    ]);
    expect(featuresOf({ ...call, kind: "search" })).toHaveLength(3);
    expect(featuresOf({ ...call, inputTokens: null })).toBeNull();
    expect(featuresOf({ ...call, outputTokens: null })).toBeNull();
    expect(featuresOf({ ...call, model: null })).toBeNull();
  });

  it("images by the image and videos by the second, each at its size; nothing without a count", () => {
    const call = { kind: "image", model: "img", inputTokens: null, outputTokens: null, units: 3, size: "512x512" };
    expect(featuresOf(call)).toEqual([image("img", 3, "512x512")]);
    expect(featuresOf({ ...call, kind: "video", units: 8 })).toEqual([
      { model: "img", unit: "video_second", size: "512x512", quantity: 8 },
    ]);
    expect(featuresOf({ ...call, units: null })).toBeNull();
    expect(featuresOf({ ...call, kind: "other" })).toBeNull();
  });
});

describe("an estimate from the prices in force", () => {
  const prices = [
    price("img", "image", "512x512", 0.01),
    price("img", "image", "1024x1024", 0.04),
    price("other", "image", "1024x1024", 9),
  ];

  it("uses the model's own price at the call's size, times the count", () => {
    expect(estimateOf([image("img", 3, "1024x1024")], prices)).toBeCloseTo(0.12, 9);
    expect(estimateOf([image("img", 3, "512x512")], prices)).toBeCloseTo(0.03, 9);
  });

  it("never uses another model's price: a model with none has no estimate", () => {
    expect(estimateOf([image("unpriced", 1, "1024x1024")], prices)).toBeNull();
    expect(estimateOf([image("img", 1, "1024x1024"), image("unpriced", 1, null)], prices)).toBeNull();
    expect(estimateOf(null, prices)).toBeNull();
  });

  it("takes a price without size for a size that has none of its own, and one of another size only when none", () => {
    const sized = price("img", "image", "512x512", 0.01);
    expect(estimateOf([image("img", 1, "1024x1024")], [sized, price("img", "image", null, 0.03)])).toBeCloseTo(0.03, 9);
    expect(estimateOf([image("img", 1, "1024x1024")], [sized])).toBeCloseTo(0.01, 9);
  });

  it("adds every quantity of a call", () => {
    const reply = [
      { model: "m", unit: "call", size: null, quantity: 1 },
      { model: "m", unit: "input_1k", size: null, quantity: 2 },
    ] as const;
    const replyPrices = [price("m", "call", null, 0.5), price("m", "input_1k", null, 0.25)];
    expect(estimateOf(reply, replyPrices)).toBeCloseTo(1, 9);
  });
});

describe("price fitting rules", () => {
  it("learns a refund as money back, never as a charge", () => {
    const one = [image("img", 1, "1024x1024")];
    const learned = fitPrices(
      [
        { amount: 0.04, calls: [{ features: one, sign: 1 }] },
        { amount: 0.08, calls: [{ features: [image("img", 2, "1024x1024")], sign: 1 }] },
        // Two images charged, one refunded: 0.04 net.
        {
          amount: 0.04,
          calls: [
            { features: [image("img", 2, "1024x1024")], sign: 1 },
            { features: one, sign: -1 },
          ],
        },
      ],
      [],
    );
    expect(learned).toEqual([
      { model: "img", unit: "image", size: "1024x1024", price: expect.closeTo(0.04, 6), observations: 3 },
    ]);
  });

  it("keeps each size's price apart", () => {
    const learned = fitPrices(
      [
        { amount: 0.01, calls: [{ features: [image("img", 1, "512x512")], sign: 1 }] },
        { amount: 0.04, calls: [{ features: [image("img", 1, "1024x1024")], sign: 1 }] },
      ],
      [],
    );
    expect(learned.map(({ size, price: amount }) => [size, amount])).toEqual([
      ["512x512", expect.closeTo(0.01, 6)],
      ["1024x1024", expect.closeTo(0.04, 6)],
    ]);
  });

  it("leaves out a movement the others cannot explain, and the calls it rests on", () => {
    const observations = Array.from({ length: 8 }, () => ({
      amount: 0.04,
      calls: [{ features: [image("img", 1, "1024x1024")], sign: 1 as const }],
    }));
    observations.push({ amount: 5, calls: [{ features: [image("img", 1, "1024x1024")], sign: 1 }] });
    const [learned] = fitPrices(observations, []);
    expect(learned?.price).toBeCloseTo(0.04, 6);
    expect(learned?.observations).toBe(8);
  });

  it("stays near the prices in force when few calls were seen", () => {
    const [learned] = fitPrices(
      [{ amount: 0.06, calls: [{ features: [image("img", 1, "1024x1024")], sign: 1 }] }],
      [price("img", "image", "1024x1024", 0.04)],
    );
    // The price in force counts as one movement more: half way between.
    expect(learned?.price).toBeCloseTo(0.05, 6);
  });

  it("takes the prices in force as one movement more, of the typical quantity of the model's calls", () => {
    const video = { model: "vid", unit: "video_second", size: null, quantity: 5 } as const;
    const learned = fitPrices(
      [
        { amount: 0.12, calls: [{ features: [image("img", 2, null)], sign: 1 }] },
        { amount: 0.5, calls: [{ features: [video], sign: 1 }] },
        { amount: 0.24, calls: [{ features: [image("img", 4, null)], sign: 1 }] },
      ],
      [price("img", "image", null, 0.04)],
    );
    // The price in force weighs as a movement of 3 images, between the 2 and the 4 seen (the older a little less).
    expect(learned.map((fitted) => [fitted.model, fitted.price, fitted.observations])).toEqual([
      ["img", expect.closeTo(0.053674, 6), 2],
      ["vid", expect.closeTo(0.1, 6), 1],
    ]);
  });

  it("leaves out a movement beyond four robust deviations of the fit and 2 % of itself, and keeps one within", () => {
    const fit = (amounts: number[]) =>
      fitPrices(
        amounts.map((amount) => ({ amount, calls: [{ features: [image("img", 1, null)], sign: 1 as const }] })),
        [],
      ).map((fitted) => [fitted.price, fitted.observations]);
    // 1.4826 times the median residual is the robust deviation.
    expect(fit([0.0421, 0.041, 0.0407, 0.039, 0.0412, 0.0409])).toEqual([[expect.closeTo(0.041189, 6), 5]]);
    expect(fit([0.04, 0.0437, 0.0405, 0.0404, 0.0387])).toEqual([[expect.closeTo(0.04068, 6), 5]]);
    // Within 2 % of itself a movement is kept, however close the others agree.
    expect(fit([0.0395, 0.04, 0.04, 0.0395, 0.041, 0.04, 0.04])).toEqual([[expect.closeTo(0.039829, 6), 6]]);
  });
});

describe("the price book's estimate before paying", () => {
  function book() {
    const prices = new PriceBook(openAppDatabase(join(tempDir("price-book-"), "app.db")));
    const learned = (model: string, unit: ModelPrice["unit"], size: string | null, amount: number) => ({
      model,
      unit,
      size,
      price: amount,
      observations: 1,
    });
    prices.replacePublished("p", [
      learned("img", "image", "1024x1024", 0.04),
      learned("img", "image", "512x512", 0.01),
      learned("img", "call", null, 0.5),
      learned("vid", "video_second", "1280x720", 0.1),
      learned("m", "input_1k", null, 0.002),
      learned("m", "output_1k", null, 0.004),
      learned("m", "call", null, 0.001),
      learned("other", "image", "1024x1024", 7),
    ]);
    return prices;
  }

  it("prices n images at their size, the call's own price added once, not once per image", () => {
    const estimate = book().estimate("p", { kind: "image", model: "img", n: 3, size: "512x512" });
    expect(estimate).toEqual({ amount: expect.closeTo(0.53, 9), high: expect.closeTo(0.53, 9), source: "published" });
    const byDefault = book().estimate("p", { kind: "image", model: "img" });
    expect(byDefault.amount).toBeCloseTo(0.54, 9);
  });

  it("prices a video's seconds at its size, 5 s at 1280x720 by default", () => {
    expect(book().estimate("p", { kind: "video", model: "vid", duration: 8, size: "1280x720" }).amount).toBeCloseTo(
      0.8,
      9,
    );
    expect(book().estimate("p", { kind: "video", model: "vid" }).amount).toBeCloseTo(0.5, 9);
  });

  it("prices a reply from its input up to its token limit", () => {
    const estimate = book().estimate("p", { kind: "chat", model: "m", inputTokens: 1000, maxTokens: 2000 });
    expect(estimate).toEqual({ amount: expect.closeTo(0.003, 9), high: expect.closeTo(0.011, 9), source: "published" });
  });

  it("has no estimate for a model without its own price", () => {
    expect(book().estimate("p", { kind: "image", model: "unpriced", n: 1 })).toEqual({
      amount: null,
      high: null,
      source: null,
    });
    expect(book().estimate("p", { kind: "chat", model: "img", inputTokens: 10, maxTokens: 10 })).toEqual({
      amount: null,
      high: null,
      source: null,
    });
  });
});
