import { z } from "zod";
import { ChatStreamEventSchema } from "./chat.ts";

/** One event of a main-process stream; `seq` orders events of one stream from 0. */
export const StreamEventSchema = z.intersection(
  z.object({ streamId: z.string(), seq: z.number().int().min(0) }),
  ChatStreamEventSchema,
);
export type StreamEvent = z.infer<typeof StreamEventSchema>;

export const StreamIdSchema = z.object({ streamId: z.string().min(1) });
