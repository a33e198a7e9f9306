import { afterEach, describe, expect, it } from "vitest";
import type { TaskView } from "../../shared/ipc/tasks.ts";
import { answer } from "./faults.ts";
import { ASYNC_IMAGE, FAST_POLLS, startFaultBench, taskUntil, type FaultBench } from "./fault-setup.ts";

let bench: FaultBench;
afterEach(() => bench.close());

const until = (id: string, done: (task: TaskView) => boolean) => taskUntil(bench.services, id, done);
const ended = (task: TaskView) => !["submitting", "queued", "processing"].includes(task.status);
const downloads = () => bench.proxy.seen.filter((seen) => seen.startsWith("GET /files/"));

describe("an answer to a poll that does not answer the question", () => {
  it("about another task is refused, asked again, and the task completes with its own result", async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0.01 });
    const profileId = bench.services.vault.resolveId();
    const first = await bench.services.tasks.generateImage(profileId, { ...ASYNC_IMAGE, prompt: "task A" });
    const firstDone = await until(first.id, ended);
    expect(firstDone.status).toBe("completed");
    const record = await (await bench.gateway.call(`/v1/tasks/${first.remoteId}`)).text();
    const firstDownloads = downloads();

    // Every poll of the second task is answered, twice, with the first task's completed record.
    bench.proxy.when({ method: "GET", path: /^\/v1\/tasks\/(?!.*\/)/ }, answer(200, record), 2);
    const second = await bench.services.tasks.generateImage(profileId, { ...ASYNC_IMAGE, prompt: "task B" });
    const secondDone = await until(second.id, ended);
    expect(secondDone).toMatchObject({ status: "completed" });
    expect(secondDone.mediaIds).toHaveLength(1);
    expect(secondDone.mediaIds).not.toEqual(firstDone.mediaIds);
    // Its own result was fetched; the first task's was not fetched again.
    const fetched = downloads().slice(firstDownloads.length);
    expect(fetched).toHaveLength(1);
    expect(firstDownloads).not.toContain(fetched[0]);
    const polls = bench.services.db
      .prepare("SELECT COUNT(*) AS n FROM request_log WHERE path = ? AND kind = 'poll'")
      .get(`/v1/tasks/${second.remoteId}`) as { n: number };
    expect(polls.n).toBeGreaterThanOrEqual(3);
  });

  it("listing more results than asked for keeps only as many as were asked for", async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0.01 });
    const profileId = bench.services.vault.resolveId();
    bench.proxy.when({ method: "GET", path: /^\/v1\/tasks\// }, async ({ response, upstream }) => {
      const real = JSON.parse(String((await upstream()).body)) as { result?: { data: unknown[] } | null };
      // Once completed, its one picture listed 3,000 times.
      const data = real.result?.data[0];
      const body = data ? { ...real, result: { data: Array.from({ length: 3_000 }, () => data) } } : real;
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
    const task = await bench.services.tasks.generateImage(profileId, { ...ASYNC_IMAGE, prompt: "one picture" });
    const done = await until(task.id, ended);
    expect(done).toMatchObject({ status: "completed" });
    expect(done.mediaIds).toHaveLength(1);
    expect(done.notice).toEqual({ code: "TASK_RESULTS_LEFT_OUT", params: { count: 2_999 } });
  });
});

const refused = JSON.stringify({ error: { code: "UNAUTHORIZED", message: "Key revoked.", request_id: "req_fault" } });

describe("a failure that lasts while a task is followed", () => {
  it("a key refused on every poll is said on the task within two polls; the task stays followed and completes once the key works", async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0.01 });
    bench.proxy.when({ method: "GET", path: /^\/v1\/tasks\// }, answer(401, refused));
    const task = await bench.services.tasks.generateImage(bench.services.vault.resolveId(), ASYNC_IMAGE);
    const said = await until(task.id, (current) => current.notice !== null);
    expect(said).toMatchObject({ status: "queued", notice: { code: "TASK_KEY_REFUSED", params: { status: 401 } } });
    expect(bench.proxy.seen.filter((seen) => seen === `GET /v1/tasks/${task.remoteId}`)).toHaveLength(2);
    // The key works again: the next poll completes it, the notice gone, nothing submitted twice.
    bench.proxy.clear();
    const done = await until(task.id, ended);
    expect(done).toMatchObject({ status: "completed", notice: null });
    expect(bench.proxy.seen.filter((seen) => seen === "POST /v1/images/generations")).toHaveLength(1);
  });

  it("a result address that redirects in a loop is said on the task within two polls", async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0.01 });
    bench.proxy.when({ method: "GET", path: /^\/files\// }, ({ request, response }) => {
      request.resume();
      response.writeHead(302, { location: request.url ?? "/" }).end();
    });
    const task = await bench.services.tasks.generateImage(bench.services.vault.resolveId(), ASYNC_IMAGE);
    const said = await until(task.id, (current) => current.notice !== null || ended(current));
    expect(said).toMatchObject({ notice: { code: "TASK_RESULT_REDIRECT_LOOP" } });
    expect(ended(said)).toBe(false);
    expect(bench.proxy.seen.filter((seen) => seen === "POST /v1/images/generations")).toHaveLength(1);
  });

  it("a network that drops every poll is said on each waiting task, with the host it cannot reach", async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0.01 });
    const profileId = bench.services.vault.resolveId();
    bench.proxy.when({ method: "GET", path: /^\/v1\/tasks\// }, ({ request, response }) => {
      request.resume();
      response.socket?.destroy();
    });
    const tasks = await Promise.all(
      ["one", "two", "three"].map((prompt) =>
        bench.services.tasks.generateImage(profileId, { ...ASYNC_IMAGE, prompt }),
      ),
    );
    for (const task of tasks) {
      const said = await until(task.id, (current) => current.notice !== null);
      expect(said).toMatchObject({ status: "queued", notice: { code: "TASK_POLLS_FAILING" } });
      expect(JSON.stringify(said.notice)).toContain("NETWORK_ERROR");
    }
  });
});
