import { z } from "zod";
import { IMAGE_COUNT_MAX, ImageSizeSchema, PROMPT_MAX_LENGTH } from "../gateway-api/images.ts";
import { VIDEO_DURATIONS, VIDEO_SIZES } from "../gateway-api/video.ts";
import { CostSchema } from "./ledger.ts";
import { CodedTextSchema } from "./coded-text.ts";
import { invalid } from "../text/validation-code.ts";

/**
 * A task as the app tracks it. Besides the gateway's statuses: `waiting` (held in the local
 * queue for a video slot), `submitting` (sent, answer not yet back) and `timed_out` (the app
 * stopped waiting; Check again resumes).
 */
export const LocalTaskStatusSchema = z.enum([
  "waiting",
  "submitting",
  "queued",
  "processing",
  "completed",
  "failed",
  "cancelled",
  "expired",
  "timed_out",
]);
export type LocalTaskStatus = z.infer<typeof LocalTaskStatusSchema>;

/**
 * The error code of a task whose submission got no readable answer (a timeout, a cut connection,
 * the app closing): the gateway may have taken and charged it, so it is never sent again by itself.
 */
export const SUBMISSION_UNCONFIRMED = "SUBMISSION_UNCONFIRMED";

export const FINISHED_TASK_STATUSES: readonly LocalTaskStatus[] = ["completed", "failed", "cancelled", "expired"];
export const ACTIVE_TASK_STATUSES: readonly LocalTaskStatus[] = ["waiting", "submitting", "queued", "processing"];

export const TaskViewSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  kind: z.enum(["image", "video"]),
  model: z.string(),
  prompt: z.string(),
  status: LocalTaskStatusSchema,
  progress: z.number().int(),
  remoteId: z.string().nullable(),
  requestId: z.string().nullable(),
  /** Why a video waits in the local queue, to be said in the window's language. */
  waitReason: CodedTextSchema.nullable(),
  errorCode: z.string().nullable(),
  /** The English of the app's own failures; the gateway's words when it failed the task. */
  errorMessage: z.string().nullable(),
  /** The app's own failures, to be said in the window's language; null where `errorMessage` is the gateway's. */
  errorText: CodedTextSchema.nullable(),
  /**
   * What it says beside its state: a failure that keeps repeating while it is still followed (a
   * refused key, a result address that redirects in a loop), or results its answer listed beyond
   * those asked for, left out.
   */
  notice: CodedTextSchema.nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  nextPollAt: z.string().nullable(),
  /** When a running task is expected to complete, from its progress or its model's earlier durations; null while unknown. */
  expectedAt: z.string().nullable(),
  mediaIds: z.array(z.string()),
  /** What the submission cost, from the ledger, with the refund once a failed or cancelled task got it back. */
  cost: CostSchema.nullable(),
});
export type TaskView = z.infer<typeof TaskViewSchema>;

export const MediaViewSchema = z.object({
  id: z.string(),
  taskId: z.string().nullable(),
  kind: z.enum(["image", "video"]),
  /** Where the window loads it: `media://` in Electron, an authenticated route in the web host. */
  src: z.string(),
  /** The card's preview kept on disk (`<src>/thumbnail`); null until the window has made one. */
  thumbnailSrc: z.string().nullable(),
  mime: z.string(),
  prompt: z.string(),
  model: z.string(),
  size: z.string().nullable(),
  duration: z.number().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type MediaView = z.infer<typeof MediaViewSchema>;

/** Seeds are unsigned 32-bit numbers, as image models commonly take them. */
export const IMAGE_SEED_MAX = 4_294_967_295;

const ProfileChoice = z.object({ profileId: z.string().min(1).optional() });
const ModelCode = z.string().trim().min(1, invalid("MODEL_REQUIRED"));
/** The gateway's prompt rule, worded for the form in the window's language. */
const MediaPrompt = z
  .string()
  .trim()
  .min(1, invalid("PROMPT_REQUIRED"))
  .max(PROMPT_MAX_LENGTH, invalid("PROMPT_TOO_LONG"));

export const ImageRequestSchema = ProfileChoice.extend({
  model: ModelCode,
  prompt: MediaPrompt,
  n: z
    .number()
    .int(invalid("IMAGE_COUNT_INVALID"))
    .min(1, invalid("IMAGE_COUNT_INVALID"))
    .max(IMAGE_COUNT_MAX, invalid("IMAGE_COUNT_INVALID")),
  size: ImageSizeSchema,
  responseFormat: z.enum(["url", "b64_json"]),
  async: z.boolean(),
  /** The same seed, prompt and model give the same picture again, where the model supports it. */
  seed: z
    .number()
    .int(invalid("SEED_INVALID"))
    .min(0, invalid("SEED_INVALID"))
    .max(IMAGE_SEED_MAX, invalid("SEED_INVALID"))
    .optional(),
});
export type ImageRequest = z.infer<typeof ImageRequestSchema>;

/** The largest reference image sent as a `data:` URL. */
export const REFERENCE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

const ReferenceImageSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("url"),
    url: z
      .string()
      .url(invalid("REFERENCE_URL_INVALID"))
      .refine((url) => /^https?:/i.test(url), invalid("REFERENCE_URL_SCHEME")),
  }),
  z.object({ kind: z.literal("media"), mediaId: z.string().min(1) }),
  z.object({
    kind: z.literal("data"),
    dataUrl: z
      .string()
      .regex(/^data:image\/(png|jpeg);base64,/, invalid("REFERENCE_IMAGE_TYPE"))
      .max(Math.ceil((REFERENCE_IMAGE_MAX_BYTES * 4) / 3) + 64, invalid("REFERENCE_IMAGE_TOO_LARGE")),
  }),
]);
export type ReferenceImage = z.infer<typeof ReferenceImageSchema>;

export const VideoRequestSchema = ProfileChoice.extend({
  model: ModelCode,
  prompt: MediaPrompt,
  size: z.enum(VIDEO_SIZES),
  duration: z.union([z.literal(VIDEO_DURATIONS[0]), z.literal(VIDEO_DURATIONS[1])]),
  image: ReferenceImageSchema.optional(),
});

export const TaskIdSchema = z.object({ id: z.string().min(1) });
export const TaskListSchema = z.object({ status: LocalTaskStatusSchema.optional() });
