import { z } from "zod";
import { BalanceSchema } from "../gateway-api/balance.ts";

export const RateLimitSnapshotSchema = z.object({ limit: z.number(), remaining: z.number() });
export type RateLimitSnapshot = z.infer<typeof RateLimitSnapshotSchema>;

/**
 * A sum of money with the range that holds it: `low` to `high` wider than a point where part of it
 * may be the app's own calls of unknown price.
 */
const MoneyRangeSchema = z.object({ amount: z.number(), low: z.number(), high: z.number() });
export type MoneyRange = z.infer<typeof MoneyRangeSchema>;

/** Spend on the key that no call of this app explains, in the key's current day and month. */
const OtherSpendSchema = z.object({ today: MoneyRangeSchema, month: MoneyRangeSchema });
export type OtherSpend = z.infer<typeof OtherSpendSchema>;

export const BudgetSnapshotSchema = z.object({
  profileId: z.string(),
  balance: BalanceSchema,
  fetchedAt: z.string(),
  requestId: z.string().nullable(),
  rateLimit: RateLimitSnapshotSchema.nullable(),
  otherSpend: OtherSpendSchema.optional(),
  /** How much of today's readings' moves the key's two counters did not both show: not counted anywhere. */
  unconfirmedToday: z.number().optional(),
});
export type BudgetSnapshot = z.infer<typeof BudgetSnapshotSchema>;

export const BudgetRequestSchema = z.object({ profileId: z.string().min(1).optional() });

/** Without `days`, the latest readings; with it, every reading of that many days. */
export const BudgetHistoryRequestSchema = BudgetRequestSchema.extend({
  days: z.number().int().min(1).max(90).optional(),
});

export const BalanceSampleSchema = z.object({
  at: z.string(),
  balance: z.number(),
  dailyUsed: z.number().nullable(),
  monthlyUsed: z.number().nullable(),
});
export type BalanceSample = z.infer<typeof BalanceSampleSchema>;
