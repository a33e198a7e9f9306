import { z } from "zod";
import { invalid } from "../text/validation-code.ts";

export const ALERT_PERCENT_MAX_COUNT = 8;
export const BALANCE_ALERT_MAX = 10_000_000;

const PercentsSchema = z
  .array(
    z
      .number({ error: invalid("ALERT_PERCENT_INVALID") })
      .int(invalid("ALERT_PERCENT_INVALID"))
      .min(1, invalid("ALERT_PERCENT_INVALID"))
      .max(100, invalid("ALERT_PERCENT_INVALID")),
  )
  .max(ALERT_PERCENT_MAX_COUNT, invalid("TOO_MANY_ALERT_PERCENTS"))
  .transform((percents) => [...new Set(percents)].sort((a, b) => a - b));

/** When a profile's budget alerts fire: percentages of the daily and monthly budgets, and a balance floor. */
export const AlertSettingsSchema = z.object({
  dailyPercents: PercentsSchema,
  monthlyPercents: PercentsSchema,
  balanceBelow: z
    .number({ error: invalid("BALANCE_THRESHOLD_INVALID") })
    .min(0, invalid("BALANCE_THRESHOLD_INVALID"))
    .max(BALANCE_ALERT_MAX, invalid("BALANCE_THRESHOLD_INVALID"))
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
