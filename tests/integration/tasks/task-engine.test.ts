import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TaskRecordSchema } from "../../../shared/gateway-api/tasks.ts";
import type { TaskView } from "../../../shared/ipc/tasks.ts";
import { startAppServices } from "../../../electron/composition/start-app-services.ts";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";
import type { PollTiming } from "../../../electron/services/tasks/poll-policy.ts";
import { startServices, TEST_MEDIA_CAPABILITY, webHostEnvironment } from "../../support/services-fixture.ts";
import { twoColourPngDataUrl, decodePng, probeMp4 } from "../../support/media-probe.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../../support/local-gateway.ts";
import { GALLERY_PAGE_MAX } from "../../../shared/ipc/gallery.ts";

const FAST_POLLS: PollTiming = {
  imageBaseMs: 100,
  videoBaseMs: 100,
  growth: 1.5,
  maxIntervalMs: 400,
  maxWaitMs: 60_000,
};
let gateway: TestGateway;
let app: AppServices;
let profileId: string;

beforeAll(async () => {
  gateway = await startTestGateway({ timeScale: 0.01, videoLimits: { perMinute: 50, perDay: 100, concurrent: 10 } });
  app = await startServices(gateway.url, KEYS.main.key, tempDir("app-"), { pollTiming: FAST_POLLS });
  profileId = app.vault.resolveId();
});
afterAll(async () => {
  await app.close();
  await gateway.close();
});

const imageRequest = {
  model: "image-pro",
  prompt: "a quiet harbour",
  n: 1,
  size: "96x64",
  responseFormat: "url" as const,
  async: false,
};
const videoRequest = { model: "video-std", prompt: "waves at dusk", size: "1280x720" as const, duration: 5 as const };

const until = (services: AppServices, id: string, done: (task: TaskView) => boolean, timeoutMs = 30_000) =>
  waitUntil(
    async () => services.tasks.list(services.vault.resolveId()).find((task) => task.id === id)!,
    done,
    timeoutMs,
  );

function submissions(services: AppServices, path: string): number {
  const row = services.db
    .prepare("SELECT COUNT(*) AS n FROM request_log WHERE method = 'POST' AND path = ?")
    .get(path) as { n: number };
  return row.n;
}

/** A fetch for the app that holds each reading of a gateway task (GET /v1/tasks/…) until released. */
function heldTaskReadings() {
  let held = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const fetchHeld: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    if (method === "GET" && url.pathname.startsWith("/v1/tasks/")) {
      held++;
      await released;
    }
    return fetch(input, init);
  };
  return {
    fetch: fetchHeld,
    /** How many readings have reached the hold. */
    get held() {
      return held;
    },
    release: () => release(),
  };
}

describe("the task engine against the local gateway", () => {
  it("delivers a synchronous image at once, stored in the media folder", async () => {
    const task = await app.tasks.generateImage(profileId, { ...imageRequest, model: "image-fast", n: 2 });
    expect(task.status).toBe("completed");
    expect(task.mediaIds).toHaveLength(2);
    const file = app.media.file(task.mediaIds[0]!)!;
    expect(decodePng(readFileSync(file.path)).width).toBe(96);
  });

  it("tracks an async image to completion, downloads it, and submitted it exactly once", async () => {
    const before = submissions(app, "/v1/images/generations");
    const task = await app.tasks.generateImage(profileId, imageRequest);
    expect(task.status).toBe("queued");
    expect(task.remoteId).toMatch(/^task_/);
    expect(task.requestId).toMatch(/^req_/);
    const done = await until(app, task.id, (current) => current.status === "completed");
    expect(done.progress).toBe(100);
    expect(
      app.media
        .page(profileId, "image", null, GALLERY_PAGE_MAX)
        .items.some((media) => media.taskId === task.id && media.src === `/media/${TEST_MEDIA_CAPABILITY}/${media.id}`),
    ).toBe(true);
    expect(submissions(app, "/v1/images/generations")).toBe(before + 1);
  });

  it("makes videos from text and from a reference image (data: URL and a gallery image)", async () => {
    const [image] = app.media.page(profileId, "image", null, GALLERY_PAGE_MAX).items;
    const tasks = await Promise.all([
      app.tasks.generateVideo(profileId, videoRequest),
      app.tasks.generateVideo(profileId, {
        ...videoRequest,
        imageUrl: twoColourPngDataUrl(64, 36, [200, 0, 0], [0, 0, 200]),
      }),
      app.tasks.generateVideo(profileId, { ...videoRequest, imageUrl: app.media.referenceUrl(image!.id) }),
    ]);
    for (const task of tasks) {
      const done = await until(app, task.id, (current) => current.status === "completed");
      const media = app.media
        .page(profileId, "video", null, GALLERY_PAGE_MAX)
        .items.find((item) => item.taskId === done.id)!;
      expect(media).toMatchObject({ size: "1280x720", duration: 5, mime: "video/mp4" });
      const movie = probeMp4(readFileSync(app.media.file(media.id)!.path));
      expect(movie.videoTracks[0]!.video!.width).toBe(1280);
    }
  });

  it("reports a failing upstream as failed with its error", async () => {
    const task = await app.tasks.generateImage(profileId, { ...imageRequest, model: "image-upstream-error" });
    const failed = await until(app, task.id, (current) => current.status === "failed");
    expect(failed).toMatchObject({ errorCode: "upstream_error" });
    expect(failed.errorMessage).toMatch(/upstream/);
  });

  it("refuses a bad request at submission, keeping the task with the gateway's error", async () => {
    const error = await app.tasks
      .generateImage(profileId, { ...imageRequest, model: "no-such-image-model" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    const failed = app.tasks.list(profileId, "failed").find((task) => task.model === "no-such-image-model")!;
    expect(failed).toMatchObject({ errorCode: "MODEL_NOT_FOUND" });
    expect(failed.requestId).toMatch(/^req_/);
  });
});

describe("cancelling", () => {
  let slow: TestGateway;
  let services: AppServices;
  beforeAll(async () => {
    slow = await startTestGateway({ timeScale: 0.2, videoLimits: { perMinute: 50, perDay: 100, concurrent: 10 } });
    services = await startServices(slow.url, KEYS.main.key, tempDir("app-"), {
      pollTiming: { ...FAST_POLLS, imageBaseMs: 50 },
    });
  });
  afterAll(async () => {
    await services.close();
    await slow.close();
  });

  it("cancels a queued and a processing task at the gateway", async () => {
    const id = services.vault.resolveId();
    const queued = await services.tasks.generateVideo(id, videoRequest);
    expect((await services.tasks.cancel(queued.id)).status).toBe("cancelled");
    const running = await services.tasks.generateImage(id, imageRequest);
    await until(services, running.id, (task) => task.status === "processing");
    expect((await services.tasks.cancel(running.id)).status).toBe("cancelled");
    const remote = await (await slow.call(`/v1/tasks/${running.remoteId}`)).json();
    expect(remote.status).toBe("cancelled");
  });

  it("shows the gateway's refusal when the task finished before the app noticed", async () => {
    const lazy = await startServices(slow.url, KEYS.main.key, tempDir("app-"), {
      pollTiming: { ...FAST_POLLS, imageBaseMs: 60_000 },
    });
    try {
      const task = await lazy.tasks.generateImage(lazy.vault.resolveId(), {
        ...imageRequest,
        model: "image-fast",
        async: true,
      });
      await waitUntil(
        async () => (await (await slow.call(`/v1/tasks/${task.remoteId}`)).json()).status,
        (status) => status === "completed",
      );
      const refusal = await lazy.tasks.cancel(task.id).catch((e: unknown) => e);
      expect(refusal).toMatchObject({ status: 409, code: "TASK_NOT_CANCELLABLE" });
    } finally {
      await lazy.close();
    }
  });
});

describe("limits, expiry and restarts", () => {
  it("holds a third video in the local queue until a slot frees, then submits it", async () => {
    const slow = await startTestGateway({ timeScale: 0.01, videoSeconds: [150, 150] });
    const services = await startServices(slow.url, KEYS.main.key, tempDir("app-"), { pollTiming: FAST_POLLS });
    try {
      const id = services.vault.resolveId();
      const videos = [];
      for (let i = 0; i < 3; i++) videos.push(await services.tasks.generateVideo(id, videoRequest));
      expect(videos.map((video) => video.status)).toEqual(["queued", "queued", "waiting"]);
      expect(videos[2]!.waitReason).toEqual({ code: "VIDEOS_RUNNING", params: { count: 2 } });
      expect(videos[2]!.remoteId).toBeNull();
      const third = await until(services, videos[2]!.id, (task) => task.status === "completed", 40_000);
      expect(third.remoteId).toMatch(/^task_/);
      expect(submissions(services, "/v1/video/generations")).toBe(3);
    } finally {
      await services.close();
      await slow.close();
    }
  });

  it("says a result expired when the gateway cleaned it up before the app fetched it", async () => {
    // Time is the subject: the gateway's clock is moved past the retention period, and the app's
    // reading of the task is held until the gateway has cleaned the result up; no real wait decides it.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    const fleeting = await startTestGateway({ timeScale: 0, taskRetentionSeconds: 60 });
    const readings = heldTaskReadings();
    const services = await startAppServices(
      { ...webHostEnvironment(tempDir("app-")), fetch: readings.fetch },
      { profile: { baseUrl: fleeting.url, key: KEYS.main.key, rpm: 1000 }, pollTiming: FAST_POLLS },
    );
    try {
      const task = await services.tasks.generateImage(services.vault.resolveId(), imageRequest);
      const atGateway = async () =>
        TaskRecordSchema.parse(await (await fleeting.call(`/v1/tasks/${task.remoteId}`)).json());
      await waitUntil(atGateway, (record) => record.status === "completed");
      await waitUntil(
        async () => readings.held,
        (held) => held > 0,
      );
      vi.setSystemTime(Date.now() + 61_000);
      await waitUntil(atGateway, (record) => record.status === "expired");
      readings.release();
      const ended = await until(
        services,
        task.id,
        (current) => current.status !== "queued" && current.status !== "processing",
      );
      expect(ended).toMatchObject({
        status: "expired",
        errorText: { code: "RESULT_CLEANED_UP", params: {} },
        errorMessage: expect.stringMatching(/cleaned up/),
      });
      expect(ended.mediaIds).toEqual([]);
    } finally {
      vi.useRealTimers();
      readings.release();
      await services.close();
      await fleeting.close();
    }
  });

  it("resumes polling after the app restarts and still delivers the result, without submitting again", async () => {
    const slow = await startTestGateway({ timeScale: 0.02 });
    const dataDir = tempDir("app-");
    const first = await startServices(slow.url, KEYS.main.key, dataDir, { pollTiming: FAST_POLLS });
    const task = await first.tasks.generateVideo(first.vault.resolveId(), videoRequest);
    await until(first, task.id, (current) => current.status === "processing");
    await first.close();
    const second = await startServices(slow.url, KEYS.main.key, dataDir, { pollTiming: FAST_POLLS });
    try {
      const done = await until(second, task.id, (current) => current.status === "completed", 40_000);
      expect(existsSync(second.media.file(done.mediaIds[0]!)!.path)).toBe(true);
      expect(submissions(second, "/v1/video/generations")).toBe(1);
    } finally {
      await second.close();
      await slow.close();
    }
  });

  it("stops waiting after the maximum wait, and Check again resumes", async () => {
    const slow = await startTestGateway({ timeScale: 0.01, videoSeconds: [200, 200] });
    const services = await startServices(slow.url, KEYS.main.key, tempDir("app-"), {
      pollTiming: { ...FAST_POLLS, maxWaitMs: 300 },
    });
    try {
      const task = await services.tasks.generateVideo(services.vault.resolveId(), videoRequest);
      await until(services, task.id, (current) => current.status === "timed_out");
      services.tasks.checkAgain(task.id);
      const resumed = services.tasks.list(services.vault.resolveId()).find((current) => current.id === task.id)!;
      expect(resumed.status).toBe("processing");
    } finally {
      await services.close();
      await slow.close();
    }
  });
});
