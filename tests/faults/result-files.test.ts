import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { TaskView } from "../../shared/ipc/tasks.ts";
import { RESULT_SIZE_CAPS } from "../../electron/services/tasks/result-download.ts";
import { startServices } from "../support/services-fixture.ts";
import { KEYS, tempDir } from "../support/local-gateway.ts";
import { answer, answerAfterForward, cutAfter } from "./faults.ts";
import { ASYNC_IMAGE, FAST_POLLS, startFaultBench, taskUntil, type FaultBench } from "./fault-setup.ts";

const IMAGE = { ...ASYNC_IMAGE, n: 2 } as const;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let bench: FaultBench;
afterEach(() => bench.close());

const mediaFiles = () => readdirSync(join(bench.dataDir, "media")).filter((name) => !name.endsWith(".json"));
const until = (id: string, done: (task: TaskView) => boolean) => taskUntil(bench.services, id, done);
const ended = (task: TaskView) => task.status === "completed" || task.status === "failed";

describe("a result file that is not what it claims", () => {
  it.each([
    ["an HTML page", { "content-type": "text/html" }],
    ["an HTML page labelled image/png", { "content-type": "image/png" }],
  ])("is not kept when the address answers 200 with %s", async (_, headers) => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0 });
    bench.proxy.when({ method: "GET", path: /^\/files\// }, answer(200, "<html><body>Sign in</body></html>", headers));
    const task = await bench.services.tasks.generateImage(bench.services.vault.resolveId(), IMAGE);
    const done = await until(task.id, ended);
    expect(done).toMatchObject({ status: "failed", mediaIds: [] });
    expect(done.errorMessage).toContain("PNG, JPEG, WebP or MP4");
    expect(mediaFiles()).toEqual([]);
  });

  it("an inline image over the image cap is refused, not stored", async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0 });
    const bytes = Buffer.alloc(RESULT_SIZE_CAPS.image + 1024);
    bytes.set(PNG_SIGNATURE);
    const body = JSON.stringify({ created: 1, data: [{ b64_json: bytes.toString("base64") }] });
    bench.proxy.when(
      { method: "POST", path: "/v1/images/generations" },
      answerAfterForward(200, body, "application/json"),
      1,
    );
    const failure = await bench.services.tasks
      .generateImage(bench.services.vault.resolveId(), { ...IMAGE, n: 1, async: false, responseFormat: "b64_json" })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "DOWNLOAD_FAILED" });
    expect(mediaFiles()).toEqual([]);
  });
});

describe("result files written whole or not at all", () => {
  it("a download cut midway leaves no part of a file, and the next look keeps both images once", async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0 });
    bench.proxy.when({ method: "GET", path: /^\/files\// }, cutAfter(100), 1);
    const task = await bench.services.tasks.generateImage(bench.services.vault.resolveId(), IMAGE);
    const done = await until(task.id, ended);
    expect(done).toMatchObject({ status: "completed" });
    expect(done.mediaIds).toHaveLength(2);
    expect(mediaFiles()).toHaveLength(2);
    expect(mediaFiles().every((name) => name.endsWith(".png"))).toBe(true);
  });

  it("files an earlier, killed attempt kept are replaced, never kept twice", async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0.01 });
    const task = await bench.services.tasks.generateImage(bench.services.vault.resolveId(), IMAGE);
    // What a process killed halfway through keeping this task's result left behind.
    bench.services.media.save({
      taskId: task.id,
      profileId: task.profileId,
      kind: "image",
      bytes: Buffer.from(PNG_SIGNATURE),
      mime: "image/png",
      prompt: IMAGE.prompt,
      model: IMAGE.model,
      size: null,
      duration: null,
      remoteUrl: null,
      requestId: null,
    });
    const done = await until(task.id, ended);
    expect(done).toMatchObject({ status: "completed" });
    expect(bench.services.media.idsForTask(task.id)).toEqual(done.mediaIds);
    expect(done.mediaIds).toHaveLength(2);
    expect(mediaFiles()).toHaveLength(2);
  });

  it("a half-written download a killed process left is swept at start", async () => {
    bench = await startFaultBench();
    const dataDir = tempDir("app-");
    const first = await startServices(bench.proxy.url, KEYS.main.key, dataDir);
    await first.close();
    writeFileSync(join(dataDir, "media", "4f1c.partial"), Buffer.alloc(1024));
    const second = await startServices(bench.proxy.url, KEYS.main.key, dataDir);
    try {
      expect(readdirSync(join(dataDir, "media"))).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
