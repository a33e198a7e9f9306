import { z } from "zod";

/** One event of a main-process stream; `seq` orders events of one stream from 0. */
export const StreamEventSchema = z.object({
  streamId: z.string(),
  seq: z.number().int().min(0),
  kind: z.enum(["delta", "usage", "citations", "done", "error", "waiting"]),
  data: z.unknown(),
});
export type StreamEvent = z.infer<typeof StreamEventSchema>;

export const StreamIdSchema = z.object({ streamId: z.string().min(1) });
