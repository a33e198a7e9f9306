import { z } from "zod";
import { BudgetSnapshotSchema, RateLimitSnapshotSchema } from "./budget.ts";
import { BudgetAlertSchema } from "./budget-alerts.ts";
import { IpcErrorSchema } from "./result.ts";

/** Requests and tokens left this minute, as the key's last answer said, and the requests the app holds back. */
export const RateHeadroomSchema = z.object({
  requests: RateLimitSnapshotSchema.nullable(),
  tokens: RateLimitSnapshotSchema.nullable(),
  observedAt: z.string().nullable(),
  queued: z.number().int(),
  /** When the first request held back for the key's limits may go out (ISO), if that is known. */
  heldUntil: z.string().nullable(),
});
export type RateHeadroom = z.infer<typeof RateHeadroomSchema>;

/**
 * One profile's budget at a glance: its reading, or why there is none (`not-offered` when its
 * server has no balance endpoint, `error` when the reading failed).
 */
export const ProfileBudgetSchema = z.object({
  profileId: z.string(),
  profileName: z.string(),
  state: z.enum(["ok", "not-offered", "error"]),
  snapshot: BudgetSnapshotSchema.nullable(),
  error: IpcErrorSchema.nullable(),
  alerts: z.array(BudgetAlertSchema),
});
export type ProfileBudget = z.infer<typeof ProfileBudgetSchema>;
