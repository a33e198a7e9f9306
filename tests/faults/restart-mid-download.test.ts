import { afterEach, describe, expect, it } from "vitest";
import type { AppServices } from "../../electron/services/app-services.ts";
import { startServices } from "../support/services-fixture.ts";
import { KEYS, waitUntil } from "../support/local-gateway.ts";
import { answer } from "./faults.ts";
import { ASYNC_IMAGE, FAST_POLLS, startFaultBench, taskUntil, type FaultBench } from "./fault-setup.ts";

let bench: FaultBench;
/** The services started again on the same data folder, after the bench's own were closed mid-download. */
let restarted: AppServices | null = null;
afterEach(async () => {
  if (!restarted) return bench.close();
  await restarted.close();
  restarted = null;
  await bench.proxy.close();
  await bench.gateway.close();
});

const SYNC_PAIR = { ...ASYNC_IMAGE, model: "image-fast", prompt: "two harbours", n: 2, async: false } as const;
const submissions = () => bench.proxy.seen.filter((seen) => seen === "POST /v1/images/generations").length;

/** The first result's download passes; every later one is held with no answer (the app is killed during it). */
function holdAfterFirstDownload() {
  let downloads = 0;
  bench.proxy.when({ method: "GET", path: /^\/files\// }, ({ request, pass }) => {
    downloads += 1;
    if (downloads === 1) pass();
    else request.resume();
  });
}

describe("a synchronous image of n = 2 whose download the app did not finish", () => {
  it("resumes the second picture after a restart, without submitting again", async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0.01 });
    holdAfterFirstDownload();
    const profileId = bench.services.vault.resolveId();
    void bench.services.tasks.generateImage(profileId, SYNC_PAIR).catch(() => undefined);
    const cut = await waitUntil(
      async () => bench.services.tasks.list(profileId).find((task) => task.prompt === SYNC_PAIR.prompt),
      (task) => task?.mediaIds.length === 1,
    );
    await bench.services.close();
    bench.proxy.clear();

    restarted = await startServices(bench.proxy.url, KEYS.main.key, bench.dataDir, { pollTiming: FAST_POLLS });
    const done = await taskUntil(restarted, cut!.id, (task) => task.status !== "processing");
    expect(done).toMatchObject({ status: "completed", notice: null });
    expect(done.mediaIds).toHaveLength(2);
    expect(done.mediaIds).toContain(cut!.mediaIds[0]);
    expect(submissions()).toBe(1);
  });

  it("whose second picture cannot be fetched completes with the first, saying one is missing", async () => {
    bench = await startFaultBench({ pollTiming: FAST_POLLS }, { timeScale: 0.01 });
    let downloads = 0;
    bench.proxy.when({ method: "GET", path: /^\/files\// }, (exchange) => {
      downloads += 1;
      if (downloads === 1) exchange.pass();
      else void answer(403, "Forbidden", { "content-type": "text/plain" })(exchange);
    });
    const task = await bench.services.tasks.generateImage(bench.services.vault.resolveId(), SYNC_PAIR);
    expect(task).toMatchObject({
      status: "completed",
      notice: { code: "TASK_RESULTS_MISSING", params: { count: 1, asked: 2 } },
    });
    expect(task.mediaIds).toHaveLength(1);
  });
});
