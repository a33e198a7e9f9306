import { z } from "zod";

export const ALERT_PERCENT_MAX_COUNT = 8;

const PercentsSchema = z
  .array(
    z
      .number({ error: "A threshold must be a number between 1 and 100" })
      .int("A threshold must be a whole percentage")
      .min(1, "A threshold must be between 1 and 100 %")
      .max(100, "A threshold must be between 1 and 100 %"),
  )
  .max(ALERT_PERCENT_MAX_COUNT, `At most ${ALERT_PERCENT_MAX_COUNT} thresholds`)
  .transform((percents) => [...new Set(percents)].sort((a, b) => a - b));

/** When a profile's budget alerts fire: percentages of the daily and monthly budgets, and a balance floor. */
export const AlertSettingsSchema = z.object({
  dailyPercents: PercentsSchema,
  monthlyPercents: PercentsSchema,
  balanceBelow: z
    .number({ error: "The balance threshold must be a number" })
    .min(0, "The balance threshold must be 0 or more")
    .max(10_000_000, "The balance threshold must be at most 10,000,000")
    .nullable(),
});
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  dailyPercents: [50, 80, 95, 100],
  monthlyPercents: [50, 80, 95, 100],
  balanceBelow: null,
};

export const AlertMetricSchema = z.enum(["daily", "monthly", "balance"]);
export type AlertMetric = z.infer<typeof AlertMetricSchema>;

/**
 * A threshold crossed in a period: `threshold` is a percentage for the budgets and an amount for
 * the balance; `value` what was used (or left) when it fired.
 */
export const BudgetAlertSchema = z.object({
  profileId: z.string(),
  profileName: z.string(),
  metric: AlertMetricSchema,
  threshold: z.number(),
  value: z.number(),
  limit: z.number().nullable(),
  firedAt: z.string(),
});
export type BudgetAlert = z.infer<typeof BudgetAlertSchema>;

export const AlertSettingsRequestSchema = z.object({ profileId: z.string().min(1).optional() });
export const AlertSettingsInputSchema = z.object({
  profileId: z.string().min(1).optional(),
  settings: AlertSettingsSchema,
});
