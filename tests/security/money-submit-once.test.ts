import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GatewayClient } from "../../electron/services/gateway-client/gateway-client.ts";
import { withHeaderTimeout } from "../../electron/services/gateway-client/header-timeout-fetch.ts";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { DATA_FILES } from "../../electron/services/store/data-files.ts";
import { MediaLibrary } from "../../electron/services/media/media-library.ts";
import { guardedResultFetch } from "../../electron/services/tasks/result-fetch.ts";
import { TaskEngine } from "../../electron/services/tasks/task-engine.ts";
import { TaskTable, type TaskRow } from "../../electron/services/tasks/task-table.ts";
import type { TaskView } from "../../shared/ipc/tasks.ts";
import { startAppServices } from "../../electron/composition/start-app-services.ts";
import { webHostEnvironment } from "../support/services-fixture.ts";
import { countingFetch, type CountingFetch } from "../support/counting-fetch.ts";
import { seedTasks } from "../support/seeded-tasks.ts";
import { startFaultProxy, type FaultProxy, type SubmitFault, type SubmitPath } from "../support/fault-proxy.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../support/local-gateway.ts";

const PROFILE = "money-profile";
const HEADER_TIMEOUT_MS = 1000;
/** Far longer than any wait the engine takes before sending again: on the fake clock it passes at once. */
const LATER_MS = 60 * 60_000;
const UNCONFIRMED = /may have received and charged it; the app did not send it again\. Check the gateway's console/;

let gateway: TestGateway;
let proxy: FaultProxy;
const opened: { engine: TaskEngine; db: DatabaseSync }[] = [];

beforeAll(async () => {
  gateway = await startTestGateway({ timeScale: 0 });
  proxy = await startFaultProxy(gateway.url);
});
afterEach(() => {
  vi.useRealTimers();
  for (const { engine, db } of opened.splice(0)) {
    engine.close();
    db.close();
  }
});
afterAll(async () => {
  await proxy.close();
  await gateway.close();
});

/** Time is the subject from here on: the app's timers run on a fake clock the test moves. */
function useFakeClock() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
}

/**
 * Runs every timer the app has set, an hour ahead on the fake clock, then waits for the answers to
 * whatever that made it send: a resend the app planned, however late, has been sent and counted.
 */
async function runEveryLaterTimer(app: CountingFetch): Promise<void> {
  await vi.advanceTimersByTimeAsync(LATER_MS);
  await expect.poll(() => app.inFlight, { message: "the app's requests answered" }).toBe(0);
}

/** How many tasks the gateway has taken, from its own database: the truth of what was paid for. */
function gatewayTaskCount(): number {
  const db = new DatabaseSync(join(gateway.dataDir, "gateway.sqlite"), { readOnly: true });
  try {
    return Number(db.prepare("SELECT COUNT(*) AS count FROM tasks").get()!.count);
  } finally {
    db.close();
  }
}

/** The submit POSTs to `path` the app itself sent, counted as it sent them. */
const postsTo = (app: CountingFetch, path: SubmitPath) =>
  app.sent.filter((line) => line === `POST ${proxy.url}${path}`);

/**
 * The task engine from the app's own parts (SQLite store, media library, gateway client) talking to
 * the proxy, with a one-second header timeout so that a hung submission is given up quickly.
 */
function startEngine(app: CountingFetch = countingFetch()): TaskEngine {
  const dataDir = tempDir("money-");
  const db = openAppDatabase(join(dataDir, DATA_FILES.database));
  const credentials = { baseUrl: proxy.url, auth: "bearer" as const, key: KEYS.main.key };
  const engine = new TaskEngine({
    tasks: new TaskTable(db),
    media: new MediaLibrary(db, join(dataDir, "media"), (id) => `/media/${id}`),
    clientFor: () => new GatewayClient(credentials, { fetch: withHeaderTimeout(app.fetch, HEADER_TIMEOUT_MS) }),
    download: guardedResultFetch,
    profileBaseUrl: () => proxy.url,
    resultOrigins: () => [],
    onTaskChanged: () => undefined,
  });
  opened.push({ engine, db });
  return engine;
}

const SUBMISSIONS: Record<"image" | "video", { path: SubmitPath; submit(engine: TaskEngine): Promise<TaskView> }> = {
  image: {
    path: "/v1/images/generations",
    submit: (engine) =>
      engine.generateImage(PROFILE, {
        model: "image-pro",
        prompt: "a lighthouse",
        n: 1,
        size: "64x64",
        responseFormat: "url",
        async: true,
      }),
  },
  video: {
    path: "/v1/video/generations",
    submit: (engine) =>
      engine.generateVideo(PROFILE, { model: "video-std", prompt: "a lighthouse", size: "1280x720", duration: 5 }),
  },
};

/** Each fault, the failure the task ends with, and whether the app must give up waiting (its header timeout). */
const FAULTS: [string, SubmitFault, { code: string; message: RegExp; givesUp?: true }][] = [
  ["a 404", { kind: "status", status: 404, code: "MODEL_NOT_FOUND" }, { code: "MODEL_NOT_FOUND", message: /404/ }],
  ["a 500", { kind: "status", status: 500, code: "INTERNAL_ERROR" }, { code: "INTERNAL_ERROR", message: /500/ }],
  ["a timeout", { kind: "hang" }, { code: "SUBMISSION_UNCONFIRMED", message: /TIMEOUT/, givesUp: true }],
  ["a network error", { kind: "drop" }, { code: "SUBMISSION_UNCONFIRMED", message: /NETWORK_ERROR/ }],
  ["a cut connection", { kind: "cut-after-forward" }, { code: "SUBMISSION_UNCONFIRMED", message: /NETWORK_ERROR/ }],
];

describe.each(["image", "video"] as const)("a paid %s submission", (kind) => {
  const { path, submit } = SUBMISSIONS[kind];

  it.each(FAULTS)("is sent exactly once after %s, and ends failed with the reason", async (_, fault, expected) => {
    useFakeClock();
    const app = countingFetch();
    const engine = startEngine(app);
    const before = proxy.submits(path).length;
    proxy.failNextSubmit(fault);
    const outcome = submit(engine).then(
      () => null,
      (error: unknown) => error,
    );
    await expect.poll(() => proxy.submits(path).length - before, { message: "the submission arrived" }).toBe(1);
    if (expected.givesUp) await vi.advanceTimersByTimeAsync(HEADER_TIMEOUT_MS);
    const refusal = await outcome;
    await runEveryLaterTimer(app);
    expect(postsTo(app, path), "submit POSTs the app sent").toHaveLength(1);
    expect(proxy.submits(path).length - before, "submit POSTs that arrived").toBe(1);
    expect(refusal).toMatchObject({ code: expected.code });
    const [task] = engine.list(PROFILE);
    expect(task).toMatchObject({ status: "failed", errorCode: expected.code, remoteId: null });
    expect(task!.errorMessage).toMatch(expected.message);
    if (expected.code === "SUBMISSION_UNCONFIRMED") expect(task!.errorMessage).toMatch(UNCONFIRMED);
  });

  it("meets a 429 by sending once more, after Retry-After, and is accepted", async () => {
    // The wait for Retry-After is on the real clock (node:timers/promises), measured by the proxy.
    useFakeClock();
    const app = countingFetch();
    const engine = startEngine(app);
    const before = proxy.submits(path).length;
    const acceptedBefore = proxy.gatewayAnswers(path).length;
    proxy.failNextSubmit({ kind: "rate-limit", retryAfterSeconds: 1 });
    const task = await submit(engine);
    await runEveryLaterTimer(app);
    expect(postsTo(app, path), "submit POSTs the app sent").toHaveLength(2);
    const sent = proxy.submits(path).slice(before);
    expect(sent, "submit POSTs that arrived").toHaveLength(2);
    expect(task.remoteId).toMatch(/^task_/);
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(1000);
    expect(proxy.gatewayAnswers(path).slice(acceptedBefore)).toEqual([200]);
  });
});

it("a cut connection after the gateway took the submission: the app never sends it again, so it is paid once", async () => {
  useFakeClock();
  const app = countingFetch();
  const engine = startEngine(app);
  const path = "/v1/images/generations";
  const tasksBefore = gatewayTaskCount();
  proxy.failNextSubmit({ kind: "cut-after-forward" });
  const refusal = await SUBMISSIONS.image.submit(engine).then(
    () => null,
    (error: unknown) => error,
  );
  await runEveryLaterTimer(app);
  expect(refusal).toMatchObject({ code: "SUBMISSION_UNCONFIRMED" });
  expect(postsTo(app, path), "submit POSTs the app sent").toHaveLength(1);
  expect(gatewayTaskCount() - tasksBefore, "tasks the gateway took").toBe(1);
});

describe("after the app died in the middle of a submission", () => {
  /** Rows numbered as they are listed, each stuck in submitting unless it says otherwise. */
  const seed = (dataDir: string, rows: Partial<TaskRow>[]) =>
    seedTasks(
      dataDir,
      rows.map((row, index) => ({ id: `seeded-${index}`, prompt: `seeded task ${index}`, ...row })),
    );

  it("marks a row stuck in submitting SUBMISSION_UNCONFIRMED on start and sends nothing", async () => {
    const dataDir = tempDir("app-");
    // The test keys allow 1000 requests a minute; the profile says so.
    const profile = { profile: { baseUrl: proxy.url, key: KEYS.main.key, rpm: 1000 } };
    const first = await startAppServices(webHostEnvironment(dataDir), profile);
    const profileId = first.vault.resolveId();
    await first.close();
    seed(dataDir, [
      { profile_id: profileId, kind: "image" },
      { profile_id: profileId, kind: "video", model: "video-std" },
      // A synchronous image whose download the app did not finish: accepted, charged, no task id to poll.
      { profile_id: profileId, status: "processing", progress: 99, request_id: "req_sync" },
    ]);
    const sentBefore = proxy.submits("/v1/images/generations").length + proxy.submits("/v1/video/generations").length;

    useFakeClock();
    const app = countingFetch();
    const second = await startAppServices({ ...webHostEnvironment(dataDir), fetch: app.fetch }, profile);
    try {
      await runEveryLaterTimer(app);
      const sentAfter = proxy.submits("/v1/images/generations").length + proxy.submits("/v1/video/generations").length;
      expect(
        app.sent.filter((line) => line.startsWith("POST ")),
        "POSTs the app sent",
      ).toEqual([]);
      expect(sentAfter - sentBefore, "submit POSTs that arrived").toBe(0);
      const tasks = second.tasks.list(profileId);
      const [image, video, sync] = ["seeded-0", "seeded-1", "seeded-2"].map((id) => tasks.find((t) => t.id === id)!);
      for (const task of [image!, video!]) {
        expect(task).toMatchObject({ status: "failed", errorCode: "SUBMISSION_UNCONFIRMED" });
        expect(task.errorMessage).toMatch(/cannot know whether the gateway received and charged it/);
        expect(task.errorMessage).toMatch(/It was not sent again\. Check the gateway's console/);
      }
      expect(sync).toMatchObject({ status: "failed", errorCode: "DOWNLOAD_FAILED", requestId: "req_sync" });
      expect(sync!.errorMessage).toMatch(/charged for it/);
    } finally {
      await second.close();
    }
  });
});
