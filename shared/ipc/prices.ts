import { z } from "zod";

/**
 * What a model costs, per `unit`: a call, 1k input or output tokens, an image, a second of
 * video; `size` when the price depends on it. `learned` from observed charges, or set by the user.
 */
const PRICE_UNITS = ["call", "input_1k", "output_1k", "image", "video_second"] as const;
export const PriceUnitSchema = z.enum(PRICE_UNITS);
export type PriceUnit = z.infer<typeof PriceUnitSchema>;

/** Where a price comes from: the server's model list, charges the app observed, or the user. */
const PriceSourceSchema = z.enum(["published", "learned", "user"]);
export type PriceSource = z.infer<typeof PriceSourceSchema>;

export const ModelPriceSchema = z.object({
  model: z.string(),
  unit: PriceUnitSchema,
  size: z.string().nullable(),
  price: z.number(),
  source: PriceSourceSchema,
  observations: z.number().int(),
});
export type ModelPrice = z.infer<typeof ModelPriceSchema>;

export const PricesRequestSchema = z.object({ profileId: z.string().min(1).optional() });

/** One change of a model's price, as the price history keeps it. */
export const PriceChangeSchema = z.object({
  model: z.string(),
  unit: PriceUnitSchema,
  size: z.string().nullable(),
  source: PriceSourceSchema,
  price: z.number(),
  at: z.string(),
});
export type PriceChange = z.infer<typeof PriceChangeSchema>;

export const ModelPriceRequestSchema = z.object({
  profileId: z.string().min(1).optional(),
  model: z.string().min(1).max(200),
});

export const PriceOverrideSchema = z.object({
  profileId: z.string().min(1).optional(),
  model: z.string().min(1).max(200),
  unit: PriceUnitSchema,
  size: z.string().max(40).nullable().default(null),
  /** Null removes the override, so the learned price applies again. */
  price: z.number().min(0).max(1_000_000).nullable(),
});

export const CostEstimateRequestSchema = z.object({
  profileId: z.string().min(1).optional(),
  kind: z.enum(["image", "video", "chat"]),
  model: z.string().min(1).max(200),
  size: z.string().max(40).optional(),
  n: z.number().int().min(1).max(100).optional(),
  duration: z.number().int().min(1).max(3600).optional(),
  /** A reply: the tokens sent (counted by the caller), and at most this many back. */
  inputTokens: z.number().int().min(0).max(10_000_000).optional(),
  maxTokens: z.number().int().min(0).max(10_000_000).optional(),
});
export type CostEstimateRequest = z.infer<typeof CostEstimateRequestSchema>;

/**
 * A price before paying: `amount` the least it can cost and `high` the most (a reply costs between
 * its input alone and its input with `max_tokens` of output); null when the model's price is not known yet.
 */
export const CostEstimateSchema = z.object({
  amount: z.number().nullable(),
  high: z.number().nullable(),
  source: PriceSourceSchema.nullable(),
});
export type CostEstimate = z.infer<typeof CostEstimateSchema>;
