import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImageResultSchema } from "../../../shared/gateway-api/images.ts";
import { VideoTaskSchema } from "../../../shared/gateway-api/video.ts";
import { twoColourPngDataUrl } from "../../support/media-probe.ts";
import { startTestGateway, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ videoLimits: { perMinute: 50, perDay: 100, concurrent: 10 } });
  // The first job starts the worker; the renders measured below find it running.
  expect(ImageResultSchema.parse(await (await imageRequest("64x64")).json()).data).toHaveLength(1);
});
afterAll(() => gateway.close());

const imageRequest = (size: string, n = 1) =>
  gateway.call("/v1/images/generations", { body: { model: "image-fast", prompt: "a red fox at sunset", size, n } });

const cpuMicros = ({ user, system }: NodeJS.CpuUsage) => user + system;
/** CPU time of the other threads of this process so far: the workers' renders. */
const offThreadMicros = () => cpuMicros(process.cpuUsage()) - cpuMicros(process.threadCpuUsage());
const pause = () => new Promise((resolve) => setTimeout(resolve, 25));

/**
 * Runs `render` while sending `cheap` every 25 ms until it settles. The gateway runs on this
 * thread, so the share of the process's CPU time spent here says where the render ran: all of it
 * here when the render blocks the event loop, a sliver when a worker thread did the work.
 */
async function duringRender<T>(render: Promise<T>, cheap: () => Promise<Response>) {
  const process0 = process.cpuUsage();
  const thread0 = process.threadCpuUsage();
  let rendered = false;
  const result = render.finally(() => (rendered = true));
  let answeredWhileRendering = 0;
  while (!rendered) {
    const answer = await cheap();
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    if (!rendered) answeredWhileRendering++;
    await pause();
  }
  const value = await result;
  const thisThreadShare = cpuMicros(process.threadCpuUsage(thread0)) / cpuMicros(process.cpuUsage(process0));
  return { value, answeredWhileRendering, thisThreadShare };
}

describe("rendering off the event loop", () => {
  it("answers other requests while two 1080p pictures render, the work done on another thread", async () => {
    const { value, answeredWhileRendering, thisThreadShare } = await duringRender(imageRequest("1920x1080", 2), () =>
      gateway.call("/v1/models"),
    );
    expect(value.status).toBe(200);
    expect(ImageResultSchema.parse(await value.json()).data).toHaveLength(2);
    expect(answeredWhileRendering).toBeGreaterThan(0);
    expect(thisThreadShare).toBeLessThan(0.5);
  });

  it("answers task polls while a 1080p clip renders, the work done on another thread", async () => {
    const submitted = await gateway.call("/v1/video/generations", {
      body: { model: "video-std", prompt: "a kite over the sea", size: "1920x1080", duration: 5 },
    });
    const { task_id } = VideoTaskSchema.parse(await submitted.json());
    const poll = () => gateway.call(`/v1/video/generations/${task_id}`);
    const finished = waitUntil(
      async () => VideoTaskSchema.parse(await (await poll()).json()),
      (task) => task.status !== "queued" && task.status !== "processing",
      60_000,
    );
    const { value, answeredWhileRendering, thisThreadShare } = await duringRender(finished, poll);
    expect(value.status).toBe("completed");
    expect((await (await fetch(value.metadata!.url)).arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(answeredWhileRendering).toBeGreaterThan(0);
    expect(thisThreadShare).toBeLessThan(0.5);
  });

  it("answers an image-to-video submission while the render worker is busy", async () => {
    const render = imageRequest("1920x1080", 4);
    let rendered = false;
    void render.finally(() => (rendered = true));
    const before = offThreadMicros();
    // A fifth of a second of CPU spent elsewhere: the four pictures are being rendered.
    await waitUntil(
      async () => offThreadMicros() - before,
      (spent) => spent > 200_000,
    );
    const submitted = await gateway.call("/v1/video/generations", {
      body: { model: "video-std", prompt: "x", image: twoColourPngDataUrl(32, 18, [200, 0, 0], [0, 0, 200]) },
    });
    expect(submitted.status).toBe(200);
    expect(rendered).toBe(false);
    expect(ImageResultSchema.parse(await (await render).json()).data).toHaveLength(4);
  });

  it("fails and refunds a task whose render fails, and renders the next one", async () => {
    const slow = await startTestGateway({ timeScale: 0.01 });
    try {
      const balance = async () => (await (await slow.call("/v1/balance")).json()).balance as number;
      const before = await balance();
      const submit = () =>
        slow
          .call("/v1/video/generations", {
            body: { model: "video-std", prompt: "x", image: twoColourPngDataUrl(32, 18, [200, 0, 0], [0, 0, 200]) },
          })
          .then(async (response) => VideoTaskSchema.parse(await response.json()).task_id);
      const broken = await submit();
      // Planned to finish 0.6-3 s from now: the reference image is gone by the time it renders.
      rmSync(join(slow.dataDir, "references", broken));
      const finalState = (taskId: string) =>
        waitUntil(
          async () => VideoTaskSchema.parse(await (await slow.call(`/v1/video/generations/${taskId}`)).json()),
          (task) => task.status !== "queued" && task.status !== "processing",
        );
      expect(await finalState(broken)).toMatchObject({ status: "failed", error_code: "upstream_error" });
      expect(await balance()).toBe(before);
      expect((await finalState(await submit())).status).toBe("completed");
    } finally {
      await slow.close();
    }
  });
});
