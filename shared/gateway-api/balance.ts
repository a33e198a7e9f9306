import { z } from "zod";

export const BalanceSchema = z.object({
  object: z.literal("balance"),
  currency: z.literal("CNY"),
  balance: z.number(),
  api_key: z.object({
    id: z.string(),
    name: z.string(),
    daily_budget: z.number().nullable(),
    daily_used: z.number().nullable(),
    daily_remaining: z.number().nullable(),
    daily_reset_at: z.string().nullable(),
    monthly_budget: z.number().nullable(),
    monthly_used: z.number().nullable(),
    monthly_remaining: z.number().nullable(),
    monthly_reset_at: z.string().nullable(),
  }),
});
export type Balance = z.infer<typeof BalanceSchema>;
