import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AsyncTaskSchema, TaskRecordSchema, type TaskRecord } from "../../../shared/gateway-api/tasks.ts";
import { VideoTaskSchema, type VideoTask } from "../../../shared/gateway-api/video.ts";
import { KEYS, startTestGateway, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;

const readTask = async (id: string, key: string = KEYS.main.key) =>
  TaskRecordSchema.parse(await (await gateway.call(`/v1/tasks/${id}`, { key })).json());
const readVideo = async (id: string) =>
  VideoTaskSchema.parse(await (await gateway.call(`/v1/video/generations/${id}`)).json());

async function submitImage(model = "image-pro", extra: Record<string, unknown> = {}) {
  const response = await gateway.call("/v1/images/generations", {
    body: { model, prompt: "a red fox", size: "128x128", ...extra },
  });
  expect(response.status).toBe(200);
  return AsyncTaskSchema.parse(await response.json());
}

async function submitVideo(body: Record<string, unknown> = {}) {
  const response = await gateway.call("/v1/video/generations", {
    body: { model: "video-std", prompt: "waves", ...body },
  });
  expect(response.status).toBe(200);
  return VideoTaskSchema.parse(await response.json());
}

const balance = async () => (await (await gateway.call("/v1/balance")).json()).balance as number;

beforeAll(async () => {
  gateway = await startTestGateway({
    timeScale: 0.02,
    videoLimits: { perMinute: 100, perDay: 1000, concurrent: 50 },
    asyncImageSeconds: [20, 30],
  });
});
afterAll(() => gateway.close());

describe("asynchronous tasks", () => {
  it("an async image goes queued → processing → completed with rising progress and a result", async () => {
    const task = await submitImage();
    expect(task.status).toBe("queued");
    expect(task.progress).toBe(0);
    expect(task.request_id).toMatch(/^req_/);
    const seen: TaskRecord[] = [];
    const done = await waitUntil(
      () => readTask(task.id),
      (record) => {
        seen.push(record);
        return record.status === "completed";
      },
    );
    // The submission's answer is the first reading: on a busy machine the queued phase may end before the first poll.
    const statuses = [...new Set([task.status, ...seen.map((record) => record.status)])];
    expect(statuses).toEqual(["queued", "processing", "completed"]);
    const progresses = seen.filter((record) => record.status === "processing").map((record) => record.progress!);
    expect(progresses.length).toBeGreaterThan(2);
    expect([...progresses].sort((a, b) => a - b)).toEqual(progresses);
    expect(progresses.at(-1)!).toBeGreaterThan(progresses[0]!);
    const inProgress = seen.find((record) => record.status === "processing")!;
    expect(Object.keys(inProgress).sort()).toEqual([
      "created_at",
      "id",
      "model_code",
      "progress",
      "status",
      "updated_at",
    ]);
    expect(done.progress).toBe(100);
    expect(done.model_code).toBe("image-pro");
    expect(done.completed_at).toBeDefined();
    expect(done.usage!.input_tokens).toBeGreaterThan(0);
    expect(done.result!.data).toHaveLength(1);
    expect(done.result!.data[0]!.revised_prompt).toContain("a red fox");
    const file = await fetch(done.result!.data[0]!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
  });

  it("runs a sync-mode model as a task when async: true is asked", async () => {
    const task = await submitImage("image-fast", { async: true, n: 2 });
    const done = await waitUntil(
      () => readTask(task.id),
      (record) => record.status === "completed",
    );
    expect(done.result!.data).toHaveLength(2);
  });

  it("a failing upstream gives status failed with error_code upstream_error, and refunds", async () => {
    const before = await balance();
    const task = await submitImage("image-upstream-error");
    expect(await balance()).toBeLessThan(before);
    const failed = await waitUntil(
      () => readTask(task.id),
      (record) => record.status === "failed",
    );
    expect(failed.error_code).toBe("upstream_error");
    expect(failed.error_message).toMatch(/upstream/);
    expect(failed.failed_at).toBeDefined();
    expect(failed.result).toBeUndefined();
    expect(await balance()).toBeCloseTo(before, 6);
  });

  it("cancels a queued task, refunding it, and refuses to cancel it again", async () => {
    const before = await balance();
    const task = await submitVideo({ duration: 8 });
    const cancel = await gateway.call(`/v1/tasks/${task.task_id}/cancel`, { method: "POST" });
    expect(cancel.status).toBe(200);
    const record = TaskRecordSchema.parse(await cancel.json());
    expect(record.status).toBe("cancelled");
    expect(record.cancelled_at).toBeDefined();
    expect(await balance()).toBeCloseTo(before, 6);
    const again = await gateway.call(`/v1/tasks/${task.task_id}/cancel`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(again.headers.get("x-should-retry")).toBe("false");
    expect((await again.json()).error.code).toBe("TASK_NOT_CANCELLABLE");
  });

  it("cancels a processing task, and it stays cancelled", async () => {
    // Time is the subject: the gateway's clock is moved into the task's processing phase, then past
    // the time it would have finished. Every video here queues for 50 s and finishes at 100 s.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    const clocked = await startTestGateway({ timeScale: 1, videoSeconds: [100, 100], queuedShare: [0.5, 0.5] });
    try {
      const submit = async () =>
        VideoTaskSchema.parse(
          await (await clocked.call("/v1/video/generations", { body: { model: "video-std", prompt: "waves" } })).json(),
        );
      const read = async (id: string) =>
        VideoTaskSchema.parse(await (await clocked.call(`/v1/video/generations/${id}`)).json());
      const task = await submit();
      const control = await submit();
      vi.setSystemTime(Date.now() + 60_000);
      expect((await read(task.task_id)).status).toBe("processing");
      const cancel = await clocked.call(`/v1/tasks/${task.task_id}/cancel`, { method: "POST" });
      expect(cancel.status).toBe(200);
      vi.setSystemTime(Date.now() + 60_000);
      // The task left alone finishes: the clock has passed the time the cancelled one would have too.
      await waitUntil(
        () => read(control.task_id),
        (video) => video.status === "completed",
      );
      expect((await read(task.task_id)).status).toBe("cancelled");
    } finally {
      vi.useRealTimers();
      await clocked.close();
    }
  });

  it("refuses to cancel completed and failed tasks with 409 TASK_NOT_CANCELLABLE", async () => {
    const completed = await submitImage();
    await waitUntil(
      () => readTask(completed.id),
      (record) => record.status === "completed",
    );
    const failed = await submitImage("image-upstream-error");
    await waitUntil(
      () => readTask(failed.id),
      (record) => record.status === "failed",
    );
    for (const id of [completed.id, failed.id]) {
      const response = await gateway.call(`/v1/tasks/${id}/cancel`, { method: "POST" });
      expect(response.status).toBe(409);
      const body = await response.json();
      expect(body.error.code).toBe("TASK_NOT_CANCELLABLE");
      expect(body.error.request_id).toBe(response.headers.get("x-request-id"));
    }
    expect((await readTask(completed.id)).status).toBe("completed");
  });

  it("lets exactly one of many concurrent cancels win", async () => {
    const task = await submitVideo();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => gateway.call(`/v1/tasks/${task.task_id}/cancel`, { method: "POST" })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
  });

  it("answers 404 for unknown ids and for another key's task", async () => {
    const task = await submitImage();
    expect((await gateway.call("/v1/tasks/task_doesnotexist")).status).toBe(404);
    const foreign = await gateway.call(`/v1/tasks/${task.id}`, { key: KEYS.other.key });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.code).toBe("TASK_NOT_FOUND");
    expect((await gateway.call(`/v1/tasks/${task.id}/cancel`, { method: "POST", key: KEYS.other.key })).status).toBe(
      404,
    );
    expect((await gateway.call(`/v1/video/generations/${task.id}`)).status).toBe(404);
  });

  it("a video task completes through both endpoints with metadata and a playable file", async () => {
    const created = await submitVideo({ size: "720x1280", duration: 5 });
    expect(created).toMatchObject({ status: "queued", progress: 0 });
    expect(created.created_at).toBeDefined();
    const progress: number[] = [];
    const video: VideoTask = await waitUntil(
      () => readVideo(created.task_id),
      (current) => {
        progress.push(current.progress);
        return current.status === "completed";
      },
    );
    expect(progress.at(-1)).toBe(100);
    expect(video.metadata).toMatchObject({ duration: 5, size: "720x1280" });
    expect(video.completed_at).toBeDefined();
    const asTask = await readTask(created.task_id);
    expect(asTask.status).toBe("completed");
    expect(asTask.result!.data[0]!.url).toBe(video.metadata!.url);
    const file = await fetch(video.metadata!.url, { headers: { range: "bytes=0-99" } });
    expect(file.status).toBe(206);
    expect(file.headers.get("content-type")).toBe("video/mp4");
  });

  it("a failing video model ends failed with its error", async () => {
    const created = await gateway.call("/v1/video/generations", {
      body: { model: "video-upstream-error", prompt: "x" },
    });
    const { task_id } = VideoTaskSchema.parse(await created.json());
    const failed = await waitUntil(
      () => readVideo(task_id),
      (video) => video.status === "failed",
    );
    expect(failed.error_code).toBe("upstream_error");
  });
});

describe("task expiry", () => {
  it("a completed task turns expired after the retention period and its files are gone", async () => {
    // The gateway's clock is moved past the retention period only once the result has been read.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    const short = await startTestGateway({ timeScale: 0, taskRetentionSeconds: 60 });
    try {
      const submitted = await short.call("/v1/images/generations", {
        body: { model: "image-pro", prompt: "x", size: "64x64" },
      });
      const { id } = AsyncTaskSchema.parse(await submitted.json());
      const read = async () => TaskRecordSchema.parse(await (await short.call(`/v1/tasks/${id}`)).json());
      const completed = await waitUntil(read, (record) => record.status === "completed");
      const url = completed.result!.data[0]!.url;
      expect((await fetch(url)).status).toBe(200);
      vi.setSystemTime(Date.now() + 61_000);
      const expired = await waitUntil(read, (record) => record.status === "expired");
      expect(expired.result).toBeUndefined();
      expect(expired.expired_at).toBeDefined();
      expect((await fetch(url)).status).toBe(404);
      const cancel = await short.call(`/v1/tasks/${id}/cancel`, { method: "POST" });
      expect(cancel.status).toBe(409);
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});
