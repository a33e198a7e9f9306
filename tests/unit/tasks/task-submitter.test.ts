import { join } from "node:path";
import { PNG } from "pngjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../../electron/services/app-error.ts";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";
import { currentLedgerScope } from "../../../electron/services/ledger/ledger-context.ts";
import { GatewayClient } from "../../../electron/services/gateway-client/gateway-client.ts";
import { MediaLibrary } from "../../../electron/services/media/media-library.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { DEFAULT_POLL_TIMING } from "../../../electron/services/tasks/poll-policy.ts";
import { ResultKeeper } from "../../../electron/services/tasks/result-keeper.ts";
import type { ImageParams } from "../../../electron/services/tasks/task-params.ts";
import { WatchedTasks } from "../../../electron/services/tasks/watched-tasks.ts";
import { TaskTable, type TaskRow } from "../../../electron/services/tasks/task-table.ts";
import { TaskSubmitter } from "../../../electron/services/tasks/task-submitter.ts";
import { DEFAULT_VIDEO_LIMITS, type VideoLimits } from "../../../electron/services/tasks/video-slots.ts";
import { DEFAULT_VIDEO_LIMITS as PROFILE_DEFAULT_VIDEO_LIMITS } from "../../../shared/ipc/profiles.ts";
import { tempDir } from "../../support/local-gateway.ts";

const NOW = 5_000_000;
const BASE = "http://gateway.test";
const IMAGE: ImageParams = {
  model: "image-pro",
  prompt: "a cat",
  n: 1,
  size: "64x64",
  responseFormat: "url",
  async: true,
};
const VIDEO = { model: "video-pro", prompt: "a wave", size: "1280x720", duration: 5 };

interface Sent {
  readonly path: string;
  readonly body: Record<string, unknown>;
  readonly taskId: string | undefined;
  /** The task's status as its request left: what a restart at that moment would find. */
  readonly statusAtSend: string | undefined;
}

const tinyPng = () => PNG.sync.write(Object.assign(new PNG({ width: 1, height: 1 }), {})).toString("base64");

/**
 * A submitter over a real database; the gateway answers each request with the next of `answers`,
 * and each result download with `file` (not found unless given).
 */
function submitterWith(
  answers: Response[],
  limits: VideoLimits = { concurrent: 2, perMinute: 5, perDay: 100 },
  file: (path: string) => Response = () => new Response("gone", { status: 404 }),
) {
  const dataDir = tempDir("task-submitter-");
  const db = openAppDatabase(join(dataDir, "app.sqlite"));
  const media = new MediaLibrary(db, join(dataDir, "media"), (id) => `/media/${id}`);
  const watchedTasks = new WatchedTasks(new TaskTable(db), media, () => undefined);
  const sent: Sent[] = [];
  const gateway: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    if (path.startsWith("/files/")) return file(path);
    const taskId = currentLedgerScope()?.link.taskId;
    const statusAtSend = taskId === undefined ? undefined : watchedTasks.tasks.get(taskId)?.status;
    sent.push({ path, body: JSON.parse(String(init?.body ?? "{}")), taskId, statusAtSend });
    return (
      answers.shift() ?? Response.json({ error: { code: "no_more", message: "no more answers" } }, { status: 500 })
    );
  };
  const events = { scheduled: 0, kept: [] as string[] };
  const submitter = new TaskSubmitter({
    watchedTasks,
    keeper: new ResultKeeper(media, () => ({ fetch: gateway, profileBaseUrl: BASE })),
    clientFor: () => new GatewayClient({ baseUrl: BASE, auth: "bearer", key: "sk-test" }, { fetch: gateway }),
    timing: DEFAULT_POLL_TIMING,
    videoLimitsOf: () => limits,
    onScheduled: () => (events.scheduled += 1),
    onResultKept: (row) => events.kept.push(row.id),
  });
  const image = (params: ImageParams = IMAGE) =>
    watchedTasks.insert({
      profileId: "p",
      kind: "image",
      model: params.model,
      prompt: params.prompt,
      params,
      status: "submitting",
    });
  const video = (profileId = "p", status: "waiting" | "cancelled" = "waiting") =>
    watchedTasks.insert({ profileId, kind: "video", model: VIDEO.model, prompt: VIDEO.prompt, params: VIDEO, status });
  const row = (task: TaskRow) => watchedTasks.tasks.get(task.id)!;
  return { submitter, watchedTasks, sent, events, image, video, row };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date", "setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the task submitter", () => {
  it("queues an accepted image task with its ids, and its first poll one base interval from now", async () => {
    const answer = Response.json(
      { id: "remote-1", status: "queued", request_id: "req-body" },
      { headers: { "x-request-id": "req-head" } },
    );
    const { submitter, image, row, events, sent } = submitterWith([answer]);
    const task = image();
    await submitter.submitImage(task, IMAGE);
    expect(row(task)).toMatchObject({
      remote_id: "remote-1",
      status: "queued",
      request_id: "req-head",
      wait_started_at: NOW,
      poll_interval_ms: DEFAULT_POLL_TIMING.imageBaseMs,
      next_poll_at: NOW + DEFAULT_POLL_TIMING.imageBaseMs,
    });
    expect(events.scheduled).toBe(1);
    expect(sent).toEqual([
      { path: "/v1/images/generations", body: expect.any(Object), taskId: task.id, statusAtSend: "submitting" },
    ]);
    expect(sent[0]?.body).toEqual({
      model: "image-pro",
      prompt: "a cat",
      n: 1,
      size: "64x64",
      response_format: "url",
      async: true,
    });
  });

  it("takes the request id from the answer's body when no header names one, and keeps a processing status", async () => {
    const { submitter, image, row } = submitterWith([
      Response.json({ id: "r", status: "processing", request_id: "req-body" }),
    ]);
    const task = image();
    await submitter.submitImage(task, IMAGE);
    expect(row(task)).toMatchObject({ status: "processing", request_id: "req-body" });
  });

  it("records no request id when the gateway names none", async () => {
    const { submitter, image, row } = submitterWith([Response.json({ id: "r", status: "queued" })]);
    const task = image();
    await submitter.submitImage(task, IMAGE);
    expect(row(task).request_id).toBeNull();
  });

  it("sends the seed when one is given, and no seed otherwise", async () => {
    const { submitter, image, sent } = submitterWith([
      Response.json({ id: "a", status: "queued" }),
      Response.json({ id: "b", status: "queued" }),
    ]);
    await submitter.submitImage(image(), { ...IMAGE, seed: 42 });
    await submitter.submitImage(image(), IMAGE);
    expect(sent.map((request) => request.body.seed)).toEqual([42, undefined]);
    expect("seed" in (sent[1]?.body ?? {})).toBe(false);
  });

  it("keeps a synchronous image's files and says so", async () => {
    const answer = Response.json(
      { created: 1, data: [{ b64_json: tinyPng() }] },
      { headers: { "x-request-id": "req-sync" } },
    );
    const { submitter, image, row, events } = submitterWith([answer]);
    const task = image({ ...IMAGE, async: false, responseFormat: "b64_json" });
    await submitter.submitImage(task, { ...IMAGE, async: false, responseFormat: "b64_json" });
    expect(row(task)).toMatchObject({ request_id: "req-sync", status: "processing", progress: 99, remote_id: null });
    expect(events.kept).toEqual([task.id]);
    expect(events.scheduled).toBe(0);
  });

  it("fails a synchronous image whose files cannot be kept, and tells the caller", async () => {
    const answer = Response.json({ created: 1, data: [{ url: `${BASE}/files/a.png` }] });
    const { submitter, image, row, events } = submitterWith([answer]);
    const task = image({ ...IMAGE, async: false });
    await expect(submitter.submitImage(task, { ...IMAGE, async: false })).rejects.toBeInstanceOf(AppError);
    expect(row(task)).toMatchObject({ status: "failed", error_code: "DOWNLOAD_FAILED" });
    expect(events.kept).toEqual([]);
  });

  it("records the n pictures asked for before the first download, keeps them, leaves the rest out saying so, and clears the record", async () => {
    const recorded: unknown[] = [];
    const answer = Response.json({
      created: 1,
      data: [{ b64_json: tinyPng() }, { url: `${BASE}/files/b.png` }, { b64_json: tinyPng() }],
    });
    const { submitter, image, row, events } = submitterWith([answer], undefined, () => {
      recorded.push(...(JSON.parse(row(task).results ?? "[]") as unknown[]));
      return new Response(Buffer.from(tinyPng(), "base64"), { headers: { "content-type": "image/png" } });
    });
    const params = { ...IMAGE, n: 2, async: false, responseFormat: "b64_json" as const };
    const task = image(params);
    await submitter.submitImage(task, params);
    expect(recorded).toHaveLength(2);
    expect(row(task).results).toBeNull();
    expect(JSON.parse(row(task).notice ?? "null")).toMatchObject({
      code: "TASK_RESULTS_LEFT_OUT",
      params: { count: 1 },
    });
    expect(events.kept).toEqual([task.id]);
  });

  it("says nothing was left out when the answer holds exactly the pictures asked for", async () => {
    const { submitter, image, row } = submitterWith([Response.json({ created: 1, data: [{ b64_json: tinyPng() }] })]);
    const params = { ...IMAGE, async: false, responseFormat: "b64_json" as const };
    const task = image(params);
    await submitter.submitImage(task, params);
    expect(row(task)).toMatchObject({ results: null, notice: null });
  });

  it("clears the record of a synchronous answer whose only picture cannot be kept", async () => {
    const answer = Response.json({ created: 1, data: [{ url: `${BASE}/files/a.png` }] });
    const { submitter, image, row } = submitterWith([answer]);
    const task = image({ ...IMAGE, async: false });
    await expect(submitter.submitImage(task, { ...IMAGE, async: false })).rejects.toBeInstanceOf(AppError);
    expect(row(task).results).toBeNull();
  });

  it("resends only after a 429, showing the wait on the task and clearing it when the wait is over", async () => {
    const refused = Response.json(
      { error: { code: "rate_limited", message: "slow down" } },
      { status: 429, headers: { "retry-after": "2" } },
    );
    const { submitter, image, row, sent } = submitterWith([refused, Response.json({ id: "r", status: "queued" })]);
    const task = image();
    const submitting = submitter.submitImage(task, IMAGE);
    await vi.waitFor(() => expect(row(task).wait_reason).toContain("RATE_LIMITED"));
    expect(JSON.parse(row(task).wait_reason!)).toMatchObject({ params: { seconds: 2 } });
    await vi.advanceTimersByTimeAsync(2_000);
    await submitting;
    expect(sent).toHaveLength(2);
    expect(row(task)).toMatchObject({ wait_reason: null, status: "queued" });
  });

  it("fails a submission the gateway may have accepted as unconfirmed, never resending it", async () => {
    const { submitter, image, row, sent } = submitterWith([new Response("bad gateway", { status: 502 })]);
    const task = image();
    const failure = await submitter.submitImage(task, IMAGE).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: "SUBMISSION_UNCONFIRMED" });
    expect(row(task)).toMatchObject({ status: "failed", error_code: "SUBMISSION_UNCONFIRMED" });
    expect(sent).toHaveLength(1);
  });

  it("fails a refused submission with the gateway's own error, passed on as it came", async () => {
    const refused = Response.json({ error: { code: "content_policy", message: "no" } }, { status: 400 });
    const { submitter, image, row } = submitterWith([refused]);
    const task = image();
    const failure = await submitter.submitImage(task, IMAGE).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(failure).toMatchObject({ code: "content_policy", status: 400, message: expect.stringContaining("no") });
    expect(row(task)).toMatchObject({ status: "failed", error_code: "content_policy" });
  });
  it("passes on a refusal it could not read as the gateway's error, with its status and request id", async () => {
    const unreadable = new Response("<html>Bad request</html>", {
      status: 400,
      headers: { "x-request-id": "req_400" },
    });
    const { submitter, image, row } = submitterWith([unreadable]);
    const task = image();
    const failure = await submitter.submitImage(task, IMAGE).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(failure).toMatchObject({ status: 400, requestId: "req_400" });
    expect(row(task)).toMatchObject({ status: "failed", request_id: "req_400" });
  });
});

describe("the task submitter's held videos", () => {
  it("submits a held video when a slot is free: once, with its task id, its image when it has one", async () => {
    const { submitter, video, row, sent, events } = submitterWith([
      Response.json({ task_id: "v-1", status: "processing" }),
    ]);
    const task = video();
    await submitter.startWaitingVideo(task);
    expect(row(task)).toMatchObject({
      status: "processing",
      remote_id: "v-1",
      submitted_at: NOW,
      wait_reason: null,
      poll_interval_ms: DEFAULT_POLL_TIMING.videoBaseMs,
      next_poll_at: NOW + DEFAULT_POLL_TIMING.videoBaseMs,
    });
    expect(sent).toEqual([
      {
        path: "/v1/video/generations",
        body: { model: "video-pro", prompt: "a wave", size: "1280x720", duration: 5 },
        taskId: task.id,
        statusAtSend: "submitting",
      },
    ]);
    expect(events.scheduled).toBe(1);
  });

  it("marks a held video submitting before its request leaves, so a restart then finds it unconfirmed, never to send again", async () => {
    const { submitter, video, sent } = submitterWith([Response.json({ task_id: "v-1", status: "queued" })]);
    const task = video();
    await submitter.startWaitingVideo(task);
    expect(sent).toMatchObject([{ path: "/v1/video/generations", taskId: task.id, statusAtSend: "submitting" }]);
  });

  it("sends a held video's reference image", async () => {
    const { submitter, watchedTasks, sent } = submitterWith([Response.json({ task_id: "v-1", status: "queued" })]);
    const task = watchedTasks.insert({
      profileId: "p",
      kind: "video",
      model: VIDEO.model,
      prompt: VIDEO.prompt,
      params: { ...VIDEO, imageUrl: "https://example.com/a.png" },
      status: "waiting",
    });
    await submitter.startWaitingVideo(task);
    expect(sent[0]?.body.image).toBe("https://example.com/a.png");
  });

  it("keeps a video waiting, with the reason, while its profile has no free slot", async () => {
    const { submitter, video, row, sent, events, watchedTasks } = submitterWith([], {
      concurrent: 1,
      perMinute: 5,
      perDay: 100,
    });
    const running = video();
    watchedTasks.change(running.id, { status: "processing", submitted_at: NOW });
    const held = video();
    await submitter.startWaitingVideo(held);
    expect(row(held).status).toBe("waiting");
    expect(row(held).wait_reason).toContain("VIDEOS_RUNNING");
    expect(sent).toEqual([]);
    expect(events.scheduled).toBe(1);
  });

  it("a slot another profile frees starts nothing of this profile's: limits count per profile", async () => {
    const { submitter, video, row, watchedTasks, sent } = submitterWith(
      [Response.json({ task_id: "v", status: "queued" })],
      {
        concurrent: 1,
        perMinute: 5,
        perDay: 100,
      },
    );
    const othersRunning = video("other");
    watchedTasks.change(othersRunning.id, { status: "processing", submitted_at: NOW });
    const held = video("p");
    await submitter.startWaitingVideo(held);
    expect(row(held).status).toBe("queued");
    expect(sent).toHaveLength(1);
  });

  it("does not submit a video that is no longer waiting", async () => {
    const { submitter, video, row, sent } = submitterWith([Response.json({ task_id: "v", status: "queued" })]);
    const cancelled = video("p", "cancelled");
    await submitter.startWaitingVideo(cancelled);
    expect(sent).toEqual([]);
    expect(row(cancelled).status).toBe("cancelled");
  });

  it("starting in the background swallows a refusal, which the row records", async () => {
    const { submitter, video, row } = submitterWith([new Response("bad gateway", { status: 502 })]);
    const task = video();
    await expect(submitter.startInBackground(task)).resolves.toBeUndefined();
    expect(row(task).status).toBe("failed");
  });
});

describe("the gateway's video limits, kept on this side", () => {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;

  /** A submitter with `limits` whose profile "p" sent a video (now finished) at each of `sentAt`. */
  function withVideosSentAt(sentAt: readonly number[], limits: VideoLimits) {
    const started = submitterWith([Response.json({ task_id: "v-new", status: "queued" })], limits);
    for (const at of sentAt) {
      const earlier = started.video();
      started.watchedTasks.change(earlier.id, { status: "completed", submitted_at: at, finished_at: at });
    }
    return started;
  }

  it("holds a video while its profile has as many running as allowed, until one of them ends (no set time), saying how many may run", async () => {
    const { submitter, video, row, watchedTasks, sent } = submitterWith([], {
      concurrent: 2,
      perMinute: 5,
      perDay: 100,
    });
    for (const running of [video(), video()])
      watchedTasks.change(running.id, { status: "processing", submitted_at: NOW });
    const held = video();
    await submitter.startWaitingVideo(held);
    expect(row(held)).toMatchObject({ status: "waiting", next_poll_at: null });
    expect(JSON.parse(row(held).wait_reason!)).toEqual({ code: "VIDEOS_RUNNING", params: { count: 2 } });
    expect(sent).toEqual([]);
  });

  it("holds a video once the minute's allowance is spent, until a minute after the first of them, saying how many a minute are allowed", async () => {
    const first = NOW - 50_000;
    const { submitter, video, row, sent } = withVideosSentAt([NOW - 2 * MINUTE, first, NOW - 10_000], {
      concurrent: 5,
      perMinute: 2,
      perDay: 100,
    });
    const held = video();
    await submitter.startWaitingVideo(held);
    expect(row(held)).toMatchObject({ status: "waiting", next_poll_at: first + MINUTE });
    expect(JSON.parse(row(held).wait_reason!)).toEqual({ code: "VIDEOS_THIS_MINUTE", params: { count: 2 } });
    expect(sent).toEqual([]);
  });

  it("sends a video while the minute's allowance has one left, and counts only the last minute's videos against it", async () => {
    const { submitter, video, row, sent } = withVideosSentAt([NOW - 3 * MINUTE, NOW - 2 * MINUTE, NOW - 10_000], {
      concurrent: 5,
      perMinute: 2,
      perDay: 100,
    });
    const task = video();
    await submitter.startWaitingVideo(task);
    expect(row(task)).toMatchObject({ status: "queued", remote_id: "v-new", wait_reason: null });
    expect(sent).toHaveLength(1);
  });

  it("holds a video once the day's allowance is spent, until a day after the first of them, saying how many a day are allowed", async () => {
    const first = NOW - 20 * HOUR;
    const { submitter, video, row, sent } = withVideosSentAt([NOW - 30 * HOUR, first, NOW - 10 * HOUR, NOW - HOUR], {
      concurrent: 5,
      perMinute: 5,
      perDay: 3,
    });
    const held = video();
    await submitter.startWaitingVideo(held);
    expect(row(held)).toMatchObject({ status: "waiting", next_poll_at: first + 24 * HOUR });
    expect(JSON.parse(row(held).wait_reason!)).toEqual({ code: "VIDEOS_TODAY", params: { count: 3 } });
    expect(sent).toEqual([]);
  });

  it("sends a video while the day's allowance has one left, and counts only the last 24 hours' videos against it", async () => {
    const { submitter, video, row, sent } = withVideosSentAt([NOW - 30 * HOUR, NOW - 25 * HOUR, NOW - 10 * HOUR], {
      concurrent: 5,
      perMinute: 5,
      perDay: 2,
    });
    const task = video();
    await submitter.startWaitingVideo(task);
    expect(row(task)).toMatchObject({ status: "queued", wait_reason: null });
    expect(sent).toHaveLength(1);
  });

  it("holds a profile without limits of its own to the gateway's: 2 running at once, 5 a minute, 100 a day", () => {
    expect(DEFAULT_VIDEO_LIMITS).toEqual({ concurrent: 2, perMinute: 5, perDay: 100 });
    expect(DEFAULT_VIDEO_LIMITS).toEqual(PROFILE_DEFAULT_VIDEO_LIMITS);
  });
});
