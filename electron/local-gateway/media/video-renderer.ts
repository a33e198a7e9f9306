import { BufferTarget, EncodedPacket, EncodedVideoPacketSource, Mp4OutputFormat, Output } from "mediabunny";
import { H264PcmEncoder, h264Parameters } from "./h264-pcm-encoder.ts";
import { cloneYuvFrame, yuvFromRgb, type YuvFrame } from "./yuv-frame.ts";
import { createRgbImage, fillRect, type Rgb, type RgbImage } from "./rgb-image.ts";
import { seededRandom } from "./seeded-random.ts";

const VIDEO_FRAME_RATE = 12;

interface VideoRenderRequest {
  readonly width: number;
  readonly height: number;
  readonly durationSeconds: number;
  /** The still the clip is built on: prompt art, or the reference image for image-to-video. */
  readonly background: RgbImage;
  readonly seed: number;
}

/**
 * Renders an MP4 (H.264) clip: the background with a bright square gliding across it and a
 * progress line along the bottom edge, so motion and length are visible when it plays.
 */
export async function renderVideo(request: VideoRenderRequest): Promise<Uint8Array> {
  const { width, height, durationSeconds, background } = request;
  const base = yuvFromRgb(background.pixels, width, height);
  const random = seededRandom(request.seed);
  const side = Math.max(16, Math.round(Math.min(width, height) / 8));
  const sprite = yuvFromRgb(spritePixels(side, [255, 255, 255], [20, 20, 20]).pixels, side, side);
  const startX = random() * (width - side);
  const startY = random() * (height - side);
  const velocityX = (0.15 + random() * 0.2) * width * (random() < 0.5 ? -1 : 1);
  const velocityY = (0.1 + random() * 0.2) * height * (random() < 0.5 ? -1 : 1);
  const barHeight = Math.max(4, Math.round(height / 90));

  const parameters = h264Parameters(width, height);
  const encoder = new H264PcmEncoder();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: "in-memory" }), target: new BufferTarget() });
  const source = new EncodedVideoPacketSource("avc");
  output.addVideoTrack(source, { frameRate: VIDEO_FRAME_RATE });
  await output.start();

  const frameCount = durationSeconds * VIDEO_FRAME_RATE;
  for (let index = 0; index < frameCount; index++) {
    const seconds = index / VIDEO_FRAME_RATE;
    const frame = cloneYuvFrame(base);
    const x = bounce(startX + velocityX * seconds, width - side);
    const y = bounce(startY + velocityY * seconds, height - side);
    blit(frame, sprite, Math.round(x / 2) * 2, Math.round(y / 2) * 2);
    paintLumaBar(frame, height - barHeight, Math.round((width * (index + 1)) / frameCount), barHeight);
    const picture = encoder.encode(frame);
    const packet = new EncodedPacket(picture.data, picture.keyFrame ? "key" : "delta", seconds, 1 / VIDEO_FRAME_RATE);
    await source.add(
      packet,
      index === 0
        ? {
            decoderConfig: {
              codec: parameters.codec,
              codedWidth: width,
              codedHeight: height,
              description: parameters.avcC,
            },
          }
        : undefined,
    );
  }
  await output.finalize();
  // A BufferTarget holds the file once finalize() has resolved.
  const { buffer } = output.target;
  if (!buffer) throw new Error("the video was finalised without its file");
  return new Uint8Array(buffer);
}

function spritePixels(side: number, fill: Rgb, border: Rgb): RgbImage {
  const image = createRgbImage(side, side);
  fillRect(image, 0, 0, side, side, border);
  const inset = Math.max(2, Math.round(side / 10));
  fillRect(image, inset, inset, side - 2 * inset, side - 2 * inset, fill);
  return image;
}

/** Reflects a position into [0, limit] so the sprite bounces off the edges. */
function bounce(position: number, limit: number): number {
  const period = 2 * limit;
  const wrapped = ((position % period) + period) % period;
  return wrapped <= limit ? wrapped : period - wrapped;
}

function blit(frame: YuvFrame, sprite: YuvFrame, x: number, y: number): void {
  const frameStride = frame.mbWidth * 16;
  const spriteStride = sprite.mbWidth * 16;
  for (let row = 0; row < sprite.height; row++) {
    const from = row * spriteStride;
    frame.y.set(sprite.y.subarray(from, from + sprite.width), (y + row) * frameStride + x);
  }
  for (let row = 0; row < sprite.height / 2; row++) {
    const from = (row * spriteStride) / 2;
    const to = ((y / 2 + row) * frameStride) / 2 + x / 2;
    frame.u.set(sprite.u.subarray(from, from + sprite.width / 2), to);
    frame.v.set(sprite.v.subarray(from, from + sprite.width / 2), to);
  }
}

function paintLumaBar(frame: YuvFrame, top: number, length: number, barHeight: number): void {
  const stride = frame.mbWidth * 16;
  for (let row = top; row < top + barHeight; row++) frame.y.fill(235, row * stride, row * stride + length);
}
