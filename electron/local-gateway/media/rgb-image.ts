/** Packed 8-bit RGB pixels, row-major. */
export interface RgbImage {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

export type Rgb = readonly [number, number, number];

export function createRgbImage(width: number, height: number): RgbImage {
  return { width, height, pixels: new Uint8Array(width * height * 3) };
}

/** Scales `source` to cover `width` x `height` (cropping the overflow), nearest neighbour. */
export function coverResize(source: RgbImage, width: number, height: number): RgbImage {
  const out = createRgbImage(width, height);
  const scale = Math.max(width / source.width, height / source.height);
  const offsetX = (source.width * scale - width) / 2;
  const offsetY = (source.height * scale - height) / 2;
  // sx and sy are clamped to the source, so every index below is inside its pixels: no `?? 0` applies.
  for (let y = 0; y < height; y++) {
    const sy = Math.min(source.height - 1, Math.floor((y + offsetY) / scale));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(source.width - 1, Math.floor((x + offsetX) / scale));
      const from = (sy * source.width + sx) * 3;
      const to = (y * width + x) * 3;
      out.pixels[to] = source.pixels[from] ?? 0;
      out.pixels[to + 1] = source.pixels[from + 1] ?? 0;
      out.pixels[to + 2] = source.pixels[from + 2] ?? 0;
    }
  }
  return out;
}

export function fillRect(image: RgbImage, x0: number, y0: number, w: number, h: number, color: Rgb): void {
  const xStart = Math.max(0, Math.round(x0));
  const yStart = Math.max(0, Math.round(y0));
  const xEnd = Math.min(image.width, Math.round(x0 + w));
  const yEnd = Math.min(image.height, Math.round(y0 + h));
  for (let y = yStart; y < yEnd; y++) {
    for (let x = xStart; x < xEnd; x++) {
      const p = (y * image.width + x) * 3;
      image.pixels[p] = color[0];
      image.pixels[p + 1] = color[1];
      image.pixels[p + 2] = color[2];
    }
  }
}
