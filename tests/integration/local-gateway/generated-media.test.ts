import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageResultSchema } from "../../../shared/gateway-api/images.ts";
import { VideoTaskSchema, type VideoTask } from "../../../shared/gateway-api/video.ts";
import { decodePng, probeMp4, twoColourPngDataUrl } from "../../support/media-probe.ts";
import { startTestGateway, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ videoLimits: { perMinute: 50, perDay: 100, concurrent: 10 } });
});
afterAll(() => gateway.close());

async function images(body: Record<string, unknown>) {
  const response = await gateway.call("/v1/images/generations", { body: { model: "image-fast", ...body } });
  expect(response.status).toBe(200);
  const result = ImageResultSchema.parse(await response.json());
  return Promise.all(result.data.map(async (item) => new Uint8Array(await (await fetch(item.url!)).arrayBuffer())));
}

async function generateVideo(body: Record<string, unknown>): Promise<VideoTask> {
  const response = await gateway.call("/v1/video/generations", {
    body: { model: "video-std", prompt: "a kite", ...body },
  });
  expect(response.status).toBe(200);
  const { task_id } = VideoTaskSchema.parse(await response.json());
  return waitUntil(
    async () => VideoTaskSchema.parse(await (await gateway.call(`/v1/video/generations/${task_id}`)).json()),
    (task) => task.status === "completed" || task.status === "failed",
    60_000,
  );
}

describe("generated images", () => {
  it("are real PNGs at the requested size, n of them", async () => {
    const pngs = await images({ prompt: "green hills", size: "320x200", n: 3 });
    expect(pngs).toHaveLength(3);
    for (const bytes of pngs) {
      const png = decodePng(bytes);
      expect([png.width, png.height]).toEqual([320, 200]);
    }
    expect(Buffer.compare(pngs[0]!, pngs[1]!)).not.toBe(0);
  });

  it("are deterministic for the same prompt and seed, and differ otherwise", async () => {
    const [a] = await images({ prompt: "a lighthouse", size: "96x96", seed: 7 });
    const [b] = await images({ prompt: "a lighthouse", size: "96x96", seed: 7 });
    const [c] = await images({ prompt: "a lighthouse", size: "96x96", seed: 8 });
    const [d] = await images({ prompt: "a windmill", size: "96x96", seed: 7 });
    expect(Buffer.compare(a!, b!)).toBe(0);
    expect(Buffer.compare(a!, c!)).not.toBe(0);
    expect(Buffer.compare(a!, d!)).not.toBe(0);
  });

  it("follow colour words in the prompt", async () => {
    const meanOf = (bytes: Uint8Array) => {
      const { data } = decodePng(bytes);
      const sum = [0, 0, 0];
      for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
      return sum.map((value) => value / (data.length / 4));
    };
    const [red] = await images({ prompt: "red red fire", size: "64x64" });
    const [blue] = await images({ prompt: "blue ocean blue", size: "64x64" });
    const [r1, , b1] = meanOf(red!);
    const [r2, , b2] = meanOf(blue!);
    expect(r1!).toBeGreaterThan(b1!);
    expect(b2!).toBeGreaterThan(r2!);
  });
});

describe("generated videos", () => {
  it.each([
    ["1280x720", 5],
    ["720x1280", 8],
    ["1920x1080", 5],
  ] as const)("are H.264 MP4s of the requested size %s and duration %ds", async (size, duration) => {
    const task = await generateVideo({ size, duration });
    expect(task.status).toBe("completed");
    const bytes = new Uint8Array(await (await fetch(task.metadata!.url)).arrayBuffer());
    const movie = probeMp4(bytes);
    const track = movie.videoTracks[0]!;
    expect(`${track.video!.width}x${track.video!.height}`).toBe(size);
    expect(track.codec).toMatch(/^avc1\./);
    expect(movie.duration / movie.timescale).toBeCloseTo(duration, 1);
    expect(track.nb_samples).toBeGreaterThan(duration * 10);
  });

  it("image-to-video accepts a data: URL and an http URL of an earlier result", async () => {
    const fromData = await generateVideo({ image: twoColourPngDataUrl(64, 36, [220, 30, 30], [30, 30, 220]) });
    expect(fromData.status).toBe("completed");
    const [png] = await gateway
      .call("/v1/images/generations", { body: { model: "image-fast", prompt: "gallery still", size: "160x90" } })
      .then((response) => response.json())
      .then((result: { data: { url: string }[] }) => result.data.map((item) => item.url));
    const fromUrl = await generateVideo({ image: png });
    expect(fromUrl.status).toBe("completed");
  });
});
