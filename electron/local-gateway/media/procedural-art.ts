import { createRgbImage, type Rgb, type RgbImage } from "./rgb-image.ts";
import { seededRandom } from "./seeded-random.ts";

/** Colour words a prompt may use; the picture leans towards them so it visibly follows the prompt. */
const NAMED_COLOURS: Record<string, Rgb> = {
  red: [220, 50, 47],
  orange: [240, 140, 40],
  yellow: [240, 210, 60],
  green: [60, 170, 90],
  teal: [40, 160, 160],
  blue: [45, 110, 220],
  purple: [130, 80, 200],
  pink: [235, 120, 170],
  white: [240, 240, 240],
  black: [25, 25, 30],
  gray: [128, 128, 128],
  grey: [128, 128, 128],
  brown: [130, 85, 50],
  gold: [212, 175, 55],
  sunset: [250, 110, 60],
  ocean: [20, 90, 160],
  forest: [35, 110, 55],
  night: [20, 24, 60],
  sky: [120, 180, 240],
  snow: [235, 240, 250],
  fire: [240, 80, 20],
};

/** Four colours: the prompt's colour words first, random ones for the rest. */
function paletteFor(prompt: string, random: () => number): [Rgb, Rgb, Rgb, Rgb] {
  const words = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  const named = words.flatMap((word) => (NAMED_COLOURS[word] ? [NAMED_COLOURS[word]] : []));
  const colour = (index: number): Rgb =>
    named[index] ?? [40 + Math.floor(random() * 200), 40 + Math.floor(random() * 200), 40 + Math.floor(random() * 200)];
  return [colour(0), colour(1), colour(2), colour(3)];
}

/**
 * Paints a deterministic abstract picture for a prompt: a diagonal gradient between two palette
 * colours with soft discs and bands on top. Same prompt and seed, same pixels.
 */
export function paintPromptArt(prompt: string, seed: number, width: number, height: number): RgbImage {
  const random = seededRandom(seed);
  const [from, to, accent, second] = paletteFor(prompt, random);
  const image = createRgbImage(width, height);
  const angle = random() * Math.PI * 2;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const discs = Array.from({ length: 3 + Math.floor(random() * 4) }, (_, i) => ({
    x: random() * width,
    y: random() * height,
    r: (0.08 + random() * 0.25) * Math.min(width, height),
    color: i % 2 === 0 ? accent : second,
  }));
  const bandFrequency = 2 + random() * 6;
  const span = Math.abs(dx) * width + Math.abs(dy) * height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = Math.min(
        1,
        Math.max(0, (x * dx + y * dy + (dx < 0 ? width * -dx : 0) + (dy < 0 ? height * -dy : 0)) / span),
      );
      let r = from[0] + (to[0] - from[0]) * t;
      let g = from[1] + (to[1] - from[1]) * t;
      let b = from[2] + (to[2] - from[2]) * t;
      const band = 0.06 * Math.sin((x / width + y / height) * bandFrequency * Math.PI);
      r += band * 255;
      g += band * 255;
      b += band * 255;
      for (const disc of discs) {
        const distance = Math.hypot(x - disc.x, y - disc.y);
        if (distance < disc.r) {
          const alpha = 0.55 * (1 - distance / disc.r);
          r += (disc.color[0] - r) * alpha;
          g += (disc.color[1] - g) * alpha;
          b += (disc.color[2] - b) * alpha;
        }
      }
      const p = (y * width + x) * 3;
      image.pixels[p] = clampByte(r);
      image.pixels[p + 1] = clampByte(g);
      image.pixels[p + 2] = clampByte(b);
    }
  }
  return image;
}

function clampByte(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}
