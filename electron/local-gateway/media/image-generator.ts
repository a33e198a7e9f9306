import type { ImageSpec } from "./image-spec.ts";
import { encodePng } from "./png-codec.ts";
import { paintPromptArt } from "./procedural-art.ts";
import { seedFrom } from "./seeded-random.ts";

/** The PNGs for a request: image i depends only on the prompt, the seed and i. */
export function generateImages(spec: ImageSpec): Buffer[] {
  return Array.from({ length: spec.count }, (_, index) =>
    encodePng(
      paintPromptArt(
        spec.prompt,
        seedFrom(spec.prompt, String(spec.seed ?? 0), String(index)),
        spec.width,
        spec.height,
      ),
    ),
  );
}
