import { z } from "zod";

/**
 * Work on the database that takes seconds on a large file, done on a thread of its own with its own
 * connection (`store-worker.ts`): reading a file whole (`quick_check`; `copy`: a backup, read as
 * the bytes it holds), or building indexes, each statement its own transaction.
 */
export const StoreJobSchema = z.discriminatedUnion("job", [
  z.object({ job: z.literal("read"), path: z.string(), copy: z.boolean() }),
  z.object({ job: z.literal("build"), path: z.string(), statements: z.array(z.string()) }),
]);
export type StoreJob = z.infer<typeof StoreJobSchema>;

const DatabaseReadingSchema = z.object({ verdict: z.string(), hasSchema: z.boolean(), recordsWritten: z.number() });

/** A job's outcome: a read's reading (null for a build), or SQLite's error and its code. */
export const StoreReplySchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), reading: DatabaseReadingSchema.nullable() }),
  z.object({ ok: z.literal(false), message: z.string(), errcode: z.number().nullable() }),
]);
export type StoreReply = z.infer<typeof StoreReplySchema>;
