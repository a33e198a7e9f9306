import { readFileSync } from "node:fs";
import { generateImages } from "./image-generator.ts";
import type { ImageSpec } from "./image-spec.ts";
import { decodeImage } from "./png-codec.ts";
import { paintPromptArt } from "./procedural-art.ts";
import { coverResize } from "./rgb-image.ts";
import { renderVideo } from "./video-renderer.ts";

interface VideoSpec {
  readonly prompt: string;
  readonly width: number;
  readonly height: number;
  readonly durationSeconds: number;
  readonly seed: number;
  /** The reference image of an image-to-video request; without it the clip is built on prompt art. */
  readonly referenceFile: string | null;
}

/** The work the render worker does, by kind: what each job takes and what it gives back. */
export interface RenderJobs {
  /** The PNG files of an image request. */
  readonly images: { readonly input: ImageSpec; readonly output: Uint8Array[] };
  /** The MP4 file of a video task. */
  readonly video: { readonly input: VideoSpec; readonly output: Uint8Array };
  /** Whether the bytes are a PNG or JPEG that decodes. */
  readonly decodableImage: { readonly input: Uint8Array; readonly output: boolean };
}

export type RenderKind = keyof RenderJobs;

export interface RenderRequest {
  readonly id: number;
  readonly kind: RenderKind;
  readonly input: RenderJobs[RenderKind]["input"];
}

export type RenderReply =
  | { readonly id: number; readonly ok: true; readonly output: RenderJobs[RenderKind]["output"] }
  | { readonly id: number; readonly ok: false; readonly message: string };

type RenderFunctions = {
  readonly [K in RenderKind]: (input: RenderJobs[K]["input"]) => Promise<RenderJobs[K]["output"]>;
};

const renderFunctions: RenderFunctions = {
  images: async (spec) => generateImages(spec),
  video: async (spec) => {
    const { width, height } = spec;
    const reference = spec.referenceFile ? decodeImage(readFileSync(spec.referenceFile)) : null;
    const background = reference
      ? coverResize(reference, width, height)
      : paintPromptArt(spec.prompt, spec.seed, width, height);
    return renderVideo({ width, height, durationSeconds: spec.durationSeconds, background, seed: spec.seed });
  },
  decodableImage: async (bytes) => decodeImage(bytes) !== null,
};

export function runRenderJob<K extends RenderKind>(
  kind: K,
  input: RenderJobs[K]["input"],
): Promise<RenderJobs[K]["output"]> {
  return renderFunctions[kind](input);
}
