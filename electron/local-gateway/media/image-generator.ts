import { encodePng } from "./png-codec.ts";
import { paintPromptArt } from "./procedural-art.ts";
import { seedFrom } from "./seeded-random.ts";

export interface ImageSpec {
  readonly prompt: string;
  readonly width: number;
  readonly height: number;
  readonly count: number;
  readonly seed?: number | undefined;
}

export function parseSize(size: string): { width: number; height: number } {
  const [width = 0, height = 0] = size.split("x").map(Number);
  return { width, height };
}

export function revisedPrompt(prompt: string): string {
  return `${prompt.trim()}, as an abstract composition of gradients and soft discs`;
}

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
