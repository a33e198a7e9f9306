import { afterEach, describe, expect, it } from "vitest";
import type { TaskView } from "../../shared/ipc/tasks.ts";
import { NOT_FOUND_LOOKS } from "../../electron/services/tasks/task-failures.ts";
import { waitUntil } from "../support/local-gateway.ts";
import { answer } from "./faults.ts";
import { ASYNC_IMAGE, FAST_POLLS, startFaultBench, taskUntil, type FaultBench } from "./fault-setup.ts";

const IMAGE = ASYNC_IMAGE;
const notFound = JSON.stringify({
  error: { code: "TASK_NOT_FOUND", message: "No such task.", request_id: "req_fault" },
});

let bench: FaultBench;
afterEach(() => bench.close());

const until = (id: string, done: (task: TaskView) => boolean) => taskUntil(bench.services, id, done);

describe("a task the gateway says it does not have", () => {
  it("is looked for again after one 404, and completes", async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0.01 });
    bench.proxy.when({ method: "GET", path: /^\/v1\/tasks\// }, answer(404, notFound), 1);
    const task = await bench.services.tasks.generateImage(bench.services.vault.resolveId(), IMAGE);
    const done = await until(task.id, (current) => current.status === "completed" || current.status === "failed");
    expect(done).toMatchObject({ status: "completed" });
    expect(done.mediaIds).toHaveLength(1);
  });

  it(`fails after ${NOT_FOUND_LOOKS} 404s in a row`, async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0.01 });
    bench.proxy.when({ method: "GET", path: /^\/v1\/tasks\// }, answer(404, notFound));
    const task = await bench.services.tasks.generateImage(bench.services.vault.resolveId(), IMAGE);
    const done = await until(task.id, (current) => current.status === "failed");
    expect(done).toMatchObject({ errorCode: "TASK_NOT_FOUND" });
    const looks = bench.proxy.seen.filter((seen) => seen === `GET /v1/tasks/${done.remoteId}`);
    expect(looks).toHaveLength(NOT_FOUND_LOOKS);
  });

  it("whose result was cleaned up before the download is told expired, by asking the task again after the 404", async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0, taskRetentionSeconds: 0.3 });
    let remoteId = "";
    // The download waits until the gateway has expired the task: the 404 it then meets is the cleanup's, whatever the timing.
    bench.proxy.when(
      { method: "GET", path: /^\/files\// },
      async ({ pass }) => {
        await waitUntil(
          async () => (await (await bench.gateway.call(`/v1/tasks/${remoteId}`)).json()) as { status: string },
          (record) => record.status === "expired",
        );
        pass();
      },
      1,
    );
    const task = await bench.services.tasks.generateImage(bench.services.vault.resolveId(), IMAGE);
    remoteId = task.remoteId!;
    const ended = await until(task.id, (current) => !["queued", "processing"].includes(current.status));
    expect(ended).toMatchObject({ status: "expired", errorText: { code: "RESULT_CLEANED_UP", params: {} } });
  });
});
