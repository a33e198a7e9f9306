import { PNG } from "pngjs";
import jpeg from "jpeg-js";
import { createRgbImage, type RgbImage } from "./rgb-image.ts";

export function encodePng(image: RgbImage): Buffer {
  const png = new PNG({
    width: image.width,
    height: image.height,
    colorType: 2,
    inputColorType: 2,
    inputHasAlpha: false,
  });
  png.data = Buffer.from(image.pixels.buffer, image.pixels.byteOffset, image.pixels.byteLength);
  return PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false });
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/** Decodes a PNG or JPEG into RGB (alpha is composited over white); null when it is neither. */
export function decodeImage(bytes: Uint8Array): RgbImage | null {
  let rgba: { width: number; height: number; data: Uint8Array };
  try {
    if (startsWith(bytes, PNG_SIGNATURE)) {
      const png = PNG.sync.read(Buffer.from(bytes));
      rgba = { width: png.width, height: png.height, data: png.data };
    } else if (startsWith(bytes, JPEG_SIGNATURE)) {
      rgba = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 256 });
    } else {
      return null;
    }
  } catch {
    return null;
  }
  const image = createRgbImage(rgba.width, rgba.height);
  // RGB has no alpha: each pixel is laid over white. The loop stays inside the data (4 bytes a pixel),
  // so no `?? 0` applies.
  const { data } = rgba;
  for (let i = 0, j = 0; i < data.length; i += 4, j += 3) {
    const alpha = (data[i + 3] ?? 0) / 255;
    image.pixels[j] = Math.round((data[i] ?? 0) * alpha + 255 * (1 - alpha));
    image.pixels[j + 1] = Math.round((data[i + 1] ?? 0) * alpha + 255 * (1 - alpha));
    image.pixels[j + 2] = Math.round((data[i + 2] ?? 0) * alpha + 255 * (1 - alpha));
  }
  return image;
}
