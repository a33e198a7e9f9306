import { z } from "zod";
import { CodedTextSchema } from "./coded-text.ts";

/** An error as it crosses IPC: plain data with a code a user can act on. */
export const IpcErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().int().optional(),
  requestId: z.string().optional(),
  /** Seconds to wait before retrying (from Retry-After). */
  retryAfter: z.number().optional(),
  /**
   * The app's own errors say what happened as a coded sentence, which the window shows in its
   * language (`message` is its English). Absent where `message` is the gateway's own words.
   */
  text: CodedTextSchema.optional(),
});
export type IpcError = z.infer<typeof IpcErrorSchema>;

/** What every invoke returns instead of throwing across the process boundary. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: IpcError };

/** A Result as it arrives over a transport, before its channel's types apply to the data. */
export const UnknownResultSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: IpcErrorSchema }),
]);

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const failure = (error: IpcError): Result<never> => ({ ok: false, error });
