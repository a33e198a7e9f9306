import { describe, expect, it } from "vitest";
import { TaskRecordSchema } from "../../../shared/gateway-api/tasks.ts";
import { VideoTaskSchema } from "../../../shared/gateway-api/video.ts";
import { start } from "../../../electron/local-gateway/index.ts";
import { startTestGateway, tempDir, waitUntil } from "../../support/local-gateway.ts";

describe("gateway restarts", () => {
  it("keeps tasks, their progress and usage across a restart, and finishes them", async () => {
    const dataDir = tempDir();
    const config = { timeScale: 0.01, videoLimits: { perMinute: 10, perDay: 10, concurrent: 10 } };
    const first = await startTestGateway(config, dataDir);
    const video = VideoTaskSchema.parse(
      await (await first.call("/v1/video/generations", { body: { model: "video-std", prompt: "restart me" } })).json(),
    );
    const image = await (
      await first.call("/v1/images/generations", { body: { model: "image-pro", prompt: "x", size: "64x64" } })
    ).json();
    await waitUntil(
      async () => VideoTaskSchema.parse(await (await first.call(`/v1/video/generations/${video.task_id}`)).json()),
      (task) => task.status === "processing",
    );
    const balanceBefore = (await (await first.call("/v1/balance")).json()).balance;
    await first.close();

    const second = await startTestGateway(config, dataDir);
    try {
      expect((await (await second.call("/v1/balance")).json()).balance).toBe(balanceBefore);
      const done = await waitUntil(
        async () => VideoTaskSchema.parse(await (await second.call(`/v1/video/generations/${video.task_id}`)).json()),
        (task) => task.status === "completed",
      );
      expect((await fetch(done.metadata!.url)).status).toBe(200);
      const imageTask = await waitUntil(
        async () => TaskRecordSchema.parse(await (await second.call(`/v1/tasks/${image.id}`)).json()),
        (task) => task.status === "completed",
      );
      expect(imageTask.result!.data).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("keeps the generated demo key of a data directory", async () => {
    const dataDir = tempDir();
    const first = await start({ port: 0, dataDir, config: { timeScale: 0 } });
    const key = first.demoKey!;
    expect(key).toMatch(/^sk-local-/);
    await first.close();
    const second = await start({ port: 0, dataDir, config: { timeScale: 0 } });
    try {
      expect(second.demoKey).toBe(key);
      const response = await fetch(`${second.url}/v1/balance`, { headers: { authorization: `Bearer ${key}` } });
      expect(response.status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
