import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VideoTaskSchema } from "../../../shared/gateway-api/video.ts";
import { chromiumPath, launchChromium } from "../../support/chromium.ts";
import { twoColourPngDataUrl } from "../../support/media-probe.ts";
import { startTestGateway, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

const hasChromium = chromiumPath() !== null;
if (!hasChromium) console.log("Skipping video playback in Chromium: no Chromium found (apt-get install chromium).");

let gateway: TestGateway;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  gateway = await startTestGateway();
  browser = await launchChromium();
  page = await browser.newPage();
  // Same origin as the files, so frames can be read back from a canvas.
  await page.goto(`${gateway.url}/help`);
});
afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

async function videoUrl(body: Record<string, unknown>): Promise<string> {
  const response = await gateway.call("/v1/video/generations", {
    body: { model: "video-std", prompt: "a kite", ...body },
  });
  const { task_id } = VideoTaskSchema.parse(await response.json());
  const done = await waitUntil(
    async () => VideoTaskSchema.parse(await (await gateway.call(`/v1/video/generations/${task_id}`)).json()),
    (task) => task.status === "completed",
  );
  return done.metadata!.url;
}

interface Playback {
  width: number;
  height: number;
  duration: number;
  playedTo: number;
  /** RGB at fractions of the frame, read from the first frame. */
  samples: number[][];
}

function play(url: string, points: [number, number][]): Promise<Playback> {
  return page.evaluate(
    async ({ url, points }) => {
      const video = document.createElement("video");
      video.muted = true;
      video.src = url;
      document.body.append(video);
      await new Promise((resolve, reject) => {
        video.onloadeddata = resolve;
        video.onerror = () => reject(new Error(`cannot play: ${video.error?.message}`));
      });
      const canvas = document.createElement("canvas");
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const context = canvas.getContext("2d")!;
      // Seek to 0 before playing: a frame read during playback may already be a later one on a busy machine.
      await new Promise((resolve) => {
        video.onseeked = resolve;
        video.currentTime = 0;
      });
      context.drawImage(video, 0, 0);
      const samples = points.map(([x, y]) =>
        Array.from(
          context.getImageData(Math.floor(x * canvas.width), Math.floor(y * canvas.height), 1, 1).data.slice(0, 3),
        ),
      );
      await video.play();
      // Played on until past half a second of the clip, however long a busy machine takes to get
      // there, or until it stops short: ended, paused or failed.
      await new Promise((resolve, reject) => {
        const check = () => {
          if (video.currentTime > 0.5 || video.ended || video.paused) resolve(undefined);
        };
        video.ontimeupdate = check;
        video.onended = check;
        video.onpause = check;
        video.onerror = () => reject(new Error(`stopped playing: ${video.error?.message}`));
        check();
      });
      const result = {
        width: video.videoWidth,
        height: video.videoHeight,
        duration: video.duration,
        playedTo: video.currentTime,
        samples,
      };
      video.remove();
      return result;
    },
    { url, points },
  );
}

describe.skipIf(!hasChromium)("generated videos in Chromium's <video>", () => {
  it("play at the requested size and duration", async () => {
    const playback = await play(await videoUrl({ size: "1280x720", duration: 8 }), []);
    expect(playback).toMatchObject({ width: 1280, height: 720, duration: 8 });
    expect(playback.playedTo).toBeGreaterThan(0.5);
  });

  it("image-to-video visibly starts from the reference image", async () => {
    const reference = twoColourPngDataUrl(160, 90, [220, 30, 30], [30, 30, 220]);
    // Spread over both rows and columns: the clip's bouncing square (an eighth of the height) covers one at most.
    const corners = (xs: number[]): [number, number][] =>
      xs.flatMap((x) => [0.2, 0.8].map((y): [number, number] => [x, y]));
    const left = corners([0.1, 0.3]);
    const right = corners([0.7, 0.9]);
    const playback = await play(await videoUrl({ image: reference, size: "1280x720" }), [...left, ...right]);
    const isRed = ([r, g, b]: number[]) => r! > 150 && g! < 90 && b! < 90;
    const isBlue = ([r, g, b]: number[]) => b! > 150 && r! < 90 && g! < 90;
    expect(playback.samples.slice(0, 4).filter(isRed).length).toBeGreaterThanOrEqual(3);
    expect(playback.samples.slice(4).filter(isBlue).length).toBeGreaterThanOrEqual(3);
  });
});
