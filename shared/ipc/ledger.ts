import { z } from "zod";
import { invalid } from "../text/validation-code.ts";

/** What a gateway call did, as the ledger groups it. */
export const LEDGER_KINDS = [
  "chat",
  "search",
  "image",
  "video",
  "poll",
  "cancel",
  "balance",
  "models",
  "other",
] as const;
export const LedgerKindSchema = z.enum(LEDGER_KINDS);
/** Calls the app makes by itself, never charged: task polls, balance readings, model lists. */
export const BACKGROUND_KINDS = [
  "poll",
  "balance",
  "models",
] as const satisfies readonly (typeof LEDGER_KINDS)[number][];
export type LedgerKind = z.infer<typeof LedgerKindSchema>;

/**
 * Where a cost comes from: `priced` by the server's published price (or the user's) times the usage
 * it reported; `measured` when the key's counters moved around a call that ran alone by what a
 * trusted or confirmed price predicts; `estimated` (≈) within a range [low, high] that holds the
 * charge; `free` for calls that cost nothing (polls, balance, models, refused requests); `unknown`
 * when nothing can be said yet.
 */
const COST_KINDS = ["priced", "measured", "estimated", "free", "unknown"] as const;
export const CostKindSchema = z.enum(COST_KINDS);
export type CostKind = z.infer<typeof CostKindSchema>;

/**
 * The cost of a reply, task or conversation in the balance's currency: `amount` the figure the
 * totals add, `low` to `high` the range that holds it (equal when exact; `high` null when nothing
 * bounds it); `refund` for failed or cancelled tasks.
 */
export const CostSchema = z.object({
  amount: z.number(),
  low: z.number(),
  high: z.number().nullable(),
  kind: z.enum(["priced", "measured", "estimated"]),
  refund: z.number().nullable(),
});
export type Cost = z.infer<typeof CostSchema>;

const LedgerEntrySchema = z.object({
  id: z.number().int(),
  profileId: z.string(),
  at: z.string(),
  kind: LedgerKindSchema,
  method: z.string(),
  endpoint: z.string(),
  model: z.string().nullable(),
  status: z.number().int().nullable(),
  errorCode: z.string().nullable(),
  requestId: z.string().nullable(),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  /** Until the answer's headers arrived. */
  latencyMs: z.number(),
  /** A streamed reply's first token; null for anything else. */
  firstTokenMs: z.number().nullable(),
  /** Until the whole answer was read (a reply's last token); null where the app did not see its end. */
  totalMs: z.number().nullable(),
  cost: z.number().nullable(),
  /** The range that holds the cost (equal to it when exact); null where unknown or unbounded. */
  costLow: z.number().nullable(),
  costHigh: z.number().nullable(),
  costKind: CostKindSchema,
  /** What the gateway gave back when the call's task failed or was cancelled. */
  refund: z.number().nullable(),
  conversationId: z.string().nullable(),
  taskId: z.string().nullable(),
  /** Spend on the key that no call of this app explains: another device, a script, a teammate. */
  outside: z.boolean(),
  /** What the call was for: its conversation's title or its task's prompt. */
  title: z.string().nullable(),
  /** Settled with no price to book it by (a server with no balance and no price for its model): its cost stays unknown. */
  unpriced: z.boolean(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

const IsoDateSchema = z.iso.datetime({ offset: true });

export const LedgerFilterSchema = z.object({
  profileId: z.string().min(1).optional(),
  model: z.string().max(200).optional(),
  kind: LedgerKindSchema.optional(),
  /** Leaves out the background calls (BACKGROUND_KINDS), so what the user did stands out. */
  hideBackground: z.boolean().optional(),
  outcome: z.enum(["ok", "error"]).optional(),
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  requestId: z.string().max(200).optional(),
});
export type LedgerFilter = z.infer<typeof LedgerFilterSchema>;

const LEDGER_PAGE_MAX = 500;

export const LedgerPageRequestSchema = LedgerFilterSchema.extend({
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(LEDGER_PAGE_MAX).default(100),
});

export const LedgerPageSchema = z.object({
  total: z.number().int(),
  entries: z.array(LedgerEntrySchema),
  models: z.array(z.string()),
});
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

/** Where a CSV export stands: the last row written (the ledger's order, newest first) and how many so far. */
export const CsvExportCursorSchema = z.object({
  at: z.number().int(),
  id: z.number().int(),
  rows: z.number().int().min(0),
});
export type CsvExportCursor = z.infer<typeof CsvExportCursorSchema>;

/** The next part of a CSV export: the rows after `after` (from the first when null). */
export const CsvExportPageRequestSchema = LedgerFilterSchema.extend({ after: CsvExportCursorSchema.nullable() });

/**
 * A part of the CSV (the first with its header line), `total` the rows the whole export holds (on
 * the first part only), `next` where the next part starts (null after the last).
 */
export const CsvExportPageSchema = z.object({
  fileName: z.string(),
  text: z.string(),
  total: z.number().int().nullable(),
  next: CsvExportCursorSchema.nullable(),
});
export type CsvExportPage = z.infer<typeof CsvExportPageSchema>;

/** Spend of `days` local days (at most a year) ending with `until` (`YYYY-MM-DD`; today when absent). */
export const SpendRequestSchema = z.object({
  profileId: z.string().min(1).optional(),
  days: z.number().int().min(1).max(366),
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/** Spend of one local day (`YYYY-MM-DD`) for one model and kind. */
export const SpendRowSchema = z.object({
  day: z.string(),
  model: z.string(),
  kind: LedgerKindSchema,
  /** Other spend on the key, made outside this app. */
  outside: z.boolean(),
  cost: z.number(),
  /** The range that holds it, where part of it is estimated (equal to `cost` when exact). */
  low: z.number(),
  high: z.number(),
  estimated: z.boolean(),
  requests: z.number().int(),
  /** Calls of the app's with no price to book them by (a server with no balance and no price for them). */
  unpriced: z.number().int(),
});
export type SpendRow = z.infer<typeof SpendRowSchema>;

export const LEDGER_RETENTION_MAX_DAYS = 3650;

const RetentionDaysSchema = z
  .number({ error: invalid("RETENTION_DAYS_INVALID") })
  .int(invalid("RETENTION_DAYS_INVALID"))
  .min(1, invalid("RETENTION_DAYS_INVALID"))
  .max(LEDGER_RETENTION_MAX_DAYS, invalid("RETENTION_DAYS_INVALID"));

/**
 * How many days of ledger rows are kept: `days` for the calls that may cost, `backgroundDays` for
 * the background calls (BACKGROUND_KINDS, never charged); older ones are removed after the start
 * and when this changes.
 */
export const LedgerRetentionSchema = z.object({ days: RetentionDaysSchema, backgroundDays: RetentionDaysSchema });
export type LedgerRetention = z.infer<typeof LedgerRetentionSchema>;
