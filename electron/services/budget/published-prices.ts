import { z } from "zod";
import type { ModelList } from "../gateway-client/lenient-schemas.ts";
import type { LearnedPrice } from "./price-book.ts";
import type { PriceUnit } from "../../../shared/ipc/prices.ts";

/** No unit of any model costs more than this: a larger figure is a server's mistake, not a price. */
const MAX_PLAUSIBLE_UNIT_PRICE = 10_000;

/** A price as OpenRouter writes it: a decimal string (or a number); "-1" and the like mean "varies". */
const Amount = z
  .union([z.string(), z.number()])
  .transform((value) => (typeof value === "number" ? value : value.trim() === "" ? NaN : Number(value)))
  .catch(NaN);

const PricingSchema = z.looseObject({
  prompt: Amount.optional(),
  completion: Amount.optional(),
  request: Amount.optional(),
  image: Amount.optional(),
  video_second: Amount.optional(),
});

const ModelPricingSchema = z.looseObject({ id: z.string(), pricing: PricingSchema.nullish().catch(null) });

/** Which field prices which unit, and by how much it is scaled (per token → per 1k tokens). */
const FIELDS: readonly [keyof z.infer<typeof PricingSchema>, PriceUnit, number][] = [
  ["prompt", "input_1k", 1000],
  ["completion", "output_1k", 1000],
  ["request", "call", 1],
  ["image", "image", 1],
  ["video_second", "video_second", 1],
];

/**
 * The prices a server publishes in its model list (OpenRouter's `pricing` object: per token,
 * request and image; `video_second` is this app's extension), in the balance's currency. A price
 * that is not a finite, non-negative, plausible number is left out.
 */
export function publishedPricesOf(list: ModelList): LearnedPrice[] {
  return list.data.flatMap((entry) => {
    const parsed = ModelPricingSchema.safeParse(entry);
    const pricing = parsed.success ? parsed.data.pricing : null;
    if (!parsed.success || !pricing) return [];
    return FIELDS.flatMap(([field, unit, scale]) => {
      const value = pricing[field];
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0) return [];
      const price = Number((value * scale).toPrecision(12));
      if (price > MAX_PLAUSIBLE_UNIT_PRICE) return [];
      return [{ model: parsed.data.id, unit, size: null, price, observations: 0 }];
    });
  });
}
