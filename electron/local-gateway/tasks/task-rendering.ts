import { readFileSync } from "node:fs";
import type { MediaStore } from "../media/media-store.ts";
import { generateImages, parseSize, revisedPrompt } from "../media/image-generator.ts";
import { decodeImage } from "../media/png-codec.ts";
import { paintPromptArt } from "../media/procedural-art.ts";
import { coverResize } from "../media/rgb-image.ts";
import { seedFrom } from "../media/seeded-random.ts";
import { renderVideo } from "../media/video-renderer.ts";
import { countTokens } from "../text/tokens.ts";
import {
  storedImageParamsOf,
  storedVideoParamsOf,
  type TaskResult,
  type SimulatedTaskRow,
} from "./simulated-task-row.ts";

/** Makes a task's files, kept in the media store until `expiresAt`, and the result that lists them. */
export async function renderTaskResult(
  row: SimulatedTaskRow,
  media: MediaStore,
  now: number,
  expiresAt: number,
): Promise<TaskResult> {
  return row.kind === "image" ? renderImages(row, media, now, expiresAt) : renderVideoTask(row, media, now, expiresAt);
}

function renderImages(row: SimulatedTaskRow, media: MediaStore, now: number, expiresAt: number): TaskResult {
  const params = storedImageParamsOf(row);
  const images = generateImages({
    prompt: params.prompt,
    width: params.width,
    height: params.height,
    count: params.n,
    seed: params.seed,
  });
  return {
    created: Math.floor(now / 1000),
    urls: images.map((png) => media.save(png, "png", row.id, now, expiresAt)),
    revisedPrompt: revisedPrompt(params.prompt),
    inputTokens: countTokens(params.prompt),
  };
}

async function renderVideoTask(
  row: SimulatedTaskRow,
  media: MediaStore,
  now: number,
  expiresAt: number,
): Promise<TaskResult> {
  const params = storedVideoParamsOf(row);
  const { width, height } = parseSize(params.size);
  const seed = seedFrom(params.prompt, row.id);
  const reference = params.referenceFile ? decodeImage(readFileSync(params.referenceFile)) : null;
  const background = reference
    ? coverResize(reference, width, height)
    : paintPromptArt(params.prompt, seed, width, height);
  const video = await renderVideo({ width, height, durationSeconds: params.duration, background, seed });
  return {
    created: Math.floor(now / 1000),
    urls: [media.save(video, "mp4", row.id, now, expiresAt)],
    revisedPrompt: params.prompt.trim(),
    inputTokens: countTokens(params.prompt),
  };
}
