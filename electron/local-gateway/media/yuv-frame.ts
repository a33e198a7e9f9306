/** A 4:2:0 picture whose planes are padded to whole 16x16 macroblocks. */
export interface YuvFrame {
  readonly width: number;
  readonly height: number;
  readonly mbWidth: number;
  readonly mbHeight: number;
  readonly y: Uint8Array;
  readonly u: Uint8Array;
  readonly v: Uint8Array;
}

function createYuvFrame(width: number, height: number): YuvFrame {
  const mbWidth = Math.ceil(width / 16);
  const mbHeight = Math.ceil(height / 16);
  const lumaSize = mbWidth * 16 * mbHeight * 16;
  return {
    width,
    height,
    mbWidth,
    mbHeight,
    y: new Uint8Array(lumaSize).fill(16),
    u: new Uint8Array(lumaSize / 4).fill(128),
    v: new Uint8Array(lumaSize / 4).fill(128),
  };
}

export function cloneYuvFrame(frame: YuvFrame): YuvFrame {
  return { ...frame, y: frame.y.slice(), u: frame.u.slice(), v: frame.v.slice() };
}

/**
 * Converts packed RGB (3 bytes a pixel, `width * height`) to limited-range BT.601 YUV.
 * Limited range also keeps every sample away from 0, which old decoders reject in PCM macroblocks.
 */
export function yuvFromRgb(rgb: Uint8Array, width: number, height: number): YuvFrame {
  const frame = createYuvFrame(width, height);
  const lumaStride = frame.mbWidth * 16;
  // Every p below is a pixel of the width × height input, so rgb[p..p+2] exist: no `?? 0` applies.
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const p = (row * width + col) * 3;
      const r = rgb[p] ?? 0;
      const g = rgb[p + 1] ?? 0;
      const b = rgb[p + 2] ?? 0;
      frame.y[row * lumaStride + col] = ((66 * r + 129 * g + 25 * b + 128) >> 8) + 16;
    }
  }
  const chromaStride = lumaStride / 2;
  for (let row = 0; row < height; row += 2) {
    for (let col = 0; col < width; col += 2) {
      const p = (row * width + col) * 3;
      const r = rgb[p] ?? 0;
      const g = rgb[p + 1] ?? 0;
      const b = rgb[p + 2] ?? 0;
      const index = (row / 2) * chromaStride + col / 2;
      frame.u[index] = ((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128;
      frame.v[index] = ((112 * r - 94 * g - 18 * b + 128) >> 8) + 128;
    }
  }
  return frame;
}
