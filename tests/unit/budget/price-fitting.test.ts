import { describe, expect, it } from "vitest";
import {
  featuresOf,
  fitPrices,
  type PricedCall,
  type PriceObservation,
} from "../../../electron/services/budget/price-fitting.ts";
import { BUILT_IN_MODELS, DEFAULT_PRICES } from "../../../electron/local-gateway/model-catalog.ts";

/** What the local gateway charges for a call, from its catalog (billing.ts). */
function gatewayCharge(call: PricedCall): number {
  const model = BUILT_IN_MODELS.find((candidate) => candidate.code === call.model);
  if (!model) throw new Error(`no model ${call.model}`);
  const price = { ...DEFAULT_PRICES[model.kind], ...model.price };
  if (model.kind === "image" || model.kind === "video") return price.perUnit * (call.units ?? 0);
  const tokens =
    ((call.inputTokens ?? 0) * price.inputPer1kTokens + (call.outputTokens ?? 0) * price.outputPer1kTokens) / 1000;
  return price.perUnit + tokens;
}

/** A small deterministic generator, so the session is the same every run. */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

/** Twenty mixed requests; every fourth overlaps the next, so the two share one movement of the balance. */
function session(): PriceObservation[] {
  const next = sequence(7);
  const calls: PricedCall[] = [];
  const text = (kind: string, model: string) => ({
    kind,
    model,
    inputTokens: 500 + next(7500),
    outputTokens: 200 + next(3800),
    units: null,
    size: null,
  });
  for (let i = 0; i < 20; i++) {
    const pick = i % 5;
    if (pick === 0 || (pick === 4 && i % 2 === 0)) calls.push(text("chat", "chat-pro"));
    if (pick === 1 || (pick === 4 && i % 2 === 1)) calls.push(text("search", "web-search"));
    if (pick === 2) {
      const model = i % 2 === 0 ? "image-fast" : "image-pro";
      calls.push({
        kind: "image",
        model,
        inputTokens: null,
        outputTokens: null,
        units: 1 + next(4),
        size: "1024x1024",
      });
    }
    if (pick === 3) {
      const units = 5 + 5 * next(2);
      calls.push({ kind: "video", model: "video-std", inputTokens: null, outputTokens: null, units, size: "1280x720" });
    }
  }
  // The balance is reported to 4 decimals: each movement is the difference of two rounded readings.
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  const observations: PriceObservation[] = [];
  let spent = 0;
  for (let i = 0; i < calls.length;) {
    const together = i % 4 === 3 ? calls.slice(i, i + 2) : calls.slice(i, i + 1);
    const before = round(spent);
    spent += together.reduce((sum, call) => sum + gatewayCharge(call), 0);
    observations.push({
      amount: round(spent) - before,
      calls: together.map((call) => ({ features: featuresOf(call) ?? [], sign: 1 as const })),
    });
    i += together.length;
  }
  return observations;
}

describe("price fitting", () => {
  it("learns the local gateway's configured prices within 2 % from twenty mixed requests", () => {
    const learned = fitPrices(session(), []);
    const configured = (model: string, unit: string) => {
      const config = BUILT_IN_MODELS.find((candidate) => candidate.code === model);
      const price = { ...DEFAULT_PRICES[config?.kind ?? "chat"], ...config?.price };
      if (unit === "input_1k") return price.inputPer1kTokens;
      if (unit === "output_1k") return price.outputPer1kTokens;
      return price.perUnit;
    };
    expect(learned).toHaveLength(9);
    for (const price of learned) {
      const expected = configured(price.model, price.unit);
      const label = `${price.model} ${price.unit}`;
      if (expected === 0) expect(price.price, label).toBeLessThan(0.0002);
      else expect(Math.abs(price.price - expected) / expected, label).toBeLessThan(0.02);
    }
  });

  it("keeps prices from going negative", () => {
    const call = { model: "m", unit: "call" as const, size: null };
    const learned = fitPrices(
      [
        {
          amount: 0.1,
          calls: [
            {
              features: [
                { ...call, quantity: 1 },
                { ...call, unit: "output_1k", quantity: 1 },
              ],
              sign: 1,
            },
          ],
        },
        {
          amount: 0.05,
          calls: [
            {
              features: [
                { ...call, quantity: 1 },
                { ...call, unit: "output_1k", quantity: 2 },
              ],
              sign: 1,
            },
          ],
        },
      ],
      [],
    );
    expect(learned.every((price) => price.price >= 0)).toBe(true);
    expect(learned.find((price) => price.unit === "output_1k")?.price).toBe(0);
  });

  it("counts the requests each model's prices rest on", () => {
    const learned = fitPrices(session(), []);
    expect(learned.find((price) => price.model === "chat-pro")?.observations).toBe(6);
    expect(learned.find((price) => price.model === "video-std")?.observations).toBe(4);
  });
});
