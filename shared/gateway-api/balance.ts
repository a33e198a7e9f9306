import { z } from "zod";

/**
 * No balance, budget or spend of one key is larger than this (a trillion yuan): a larger figure
 * is a server's mistake, and taken as money it would poison every cost and price after it.
 */
const MAX_PLAUSIBLE_AMOUNT = 1e12;

const implausible = { error: "is not a plausible amount of money" };
/** A balance: may be negative (an account in debt), never absurd. */
const Balance = z.number(implausible).min(-MAX_PLAUSIBLE_AMOUNT, implausible).max(MAX_PLAUSIBLE_AMOUNT, implausible);
/** A budget, or what was used or is left of it: never negative. */
const Amount = z.number(implausible).min(0, implausible).max(MAX_PLAUSIBLE_AMOUNT, implausible);

export const BalanceSchema = z.object({
  object: z.literal("balance"),
  currency: z.literal("CNY"),
  balance: Balance,
  api_key: z.object({
    id: z.string(),
    name: z.string(),
    daily_budget: Amount.nullable(),
    daily_used: Amount.nullable(),
    daily_remaining: Amount.nullable(),
    daily_reset_at: z.string().nullable(),
    monthly_budget: Amount.nullable(),
    monthly_used: Amount.nullable(),
    monthly_remaining: Amount.nullable(),
    monthly_reset_at: z.string().nullable(),
  }),
});
export type Balance = z.infer<typeof BalanceSchema>;
