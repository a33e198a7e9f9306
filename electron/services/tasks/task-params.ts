import { z } from "zod";
import { ImageRequestSchema, VideoRequestSchema } from "../../../shared/ipc/tasks.ts";
import type { TaskRow } from "./task-table.ts";

/** What a task needs to be submitted again exactly (Retry) or for the first time (from the local queue). */
const ImageParamsSchema = ImageRequestSchema.omit({ profileId: true });
export type ImageParams = z.infer<typeof ImageParamsSchema>;

const VideoParamsSchema = VideoRequestSchema.omit({ profileId: true, image: true }).extend({
  imageUrl: z.string().optional(),
});
export type VideoParams = z.infer<typeof VideoParamsSchema>;

/** The parameters a task row was stored with, read back through the schema they were checked with. */
export const imageParamsOf = (row: TaskRow): ImageParams => ImageParamsSchema.parse(JSON.parse(row.params));
export const videoParamsOf = (row: TaskRow): VideoParams => VideoParamsSchema.parse(JSON.parse(row.params));
