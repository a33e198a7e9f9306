import type { MediaStore } from "../media/media-store.ts";
import { parseSize, revisedPrompt } from "../media/image-spec.ts";
import type { RenderPool } from "../media/render-pool.ts";
import { seedFrom } from "../media/seeded-random.ts";
import { countTokens } from "../text/tokens.ts";
import {
  storedImageParamsOf,
  storedVideoParamsOf,
  type TaskResult,
  type SimulatedTaskRow,
} from "./simulated-task-row.ts";

interface TaskOutput {
  readonly renders: RenderPool;
  readonly media: MediaStore;
  readonly now: number;
  /** Until when the files stay in the media store. */
  readonly expiresAt: number;
}

/** Renders a task's files on a render worker, keeps them in the media store and lists them in the result. */
export async function renderTaskResult(row: SimulatedTaskRow, output: TaskOutput): Promise<TaskResult> {
  return row.kind === "image" ? renderImages(row, output) : renderVideoTask(row, output);
}

async function renderImages(
  row: SimulatedTaskRow,
  { renders, media, now, expiresAt }: TaskOutput,
): Promise<TaskResult> {
  const params = storedImageParamsOf(row);
  const images = await renders.run("images", {
    prompt: params.prompt,
    width: params.width,
    height: params.height,
    count: params.n,
    seed: params.seed,
  });
  return {
    created: Math.floor(now / 1000),
    urls: await Promise.all(images.map((png) => media.save(png, "png", row.id, now, expiresAt))),
    revisedPrompt: revisedPrompt(params.prompt),
    inputTokens: countTokens(params.prompt),
  };
}

async function renderVideoTask(
  row: SimulatedTaskRow,
  { renders, media, now, expiresAt }: TaskOutput,
): Promise<TaskResult> {
  const params = storedVideoParamsOf(row);
  const { width, height } = parseSize(params.size);
  const video = await renders.run("video", {
    prompt: params.prompt,
    width,
    height,
    durationSeconds: params.duration,
    seed: seedFrom(params.prompt, row.id),
    referenceFile: params.referenceFile ?? null,
  });
  return {
    created: Math.floor(now / 1000),
    urls: [await media.save(video, "mp4", row.id, now, expiresAt)],
    revisedPrompt: params.prompt.trim(),
    inputTokens: countTokens(params.prompt),
  };
}
