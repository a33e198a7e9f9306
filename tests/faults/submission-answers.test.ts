import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUBMISSION_UNCONFIRMED } from "../../shared/ipc/tasks.ts";
import { answerAfterForward } from "./faults.ts";
import { startFaultBench, type FaultBench } from "./fault-setup.ts";

let bench: FaultBench;
beforeAll(async () => {
  bench = await startFaultBench();
});
afterAll(() => bench.close());

const VIDEO = { model: "video-std", prompt: "a lighthouse at dusk", size: "1280x720", duration: 5 } as const;

describe.each([502, 504])("a %i after the gateway took a submission", (status) => {
  it("says the task may have been accepted and charged, sends it once, and keeps its cost unknown, not free", async () => {
    const path = "/v1/video/generations";
    bench.proxy.when({ method: "POST", path }, answerAfterForward(status, "<html><h1>Bad gateway</h1></html>"), 1);
    const sentBefore = bench.proxy.seen.filter((seen) => seen === `POST ${path}`).length;
    const profileId = bench.services.vault.resolveId();
    const refusal = await bench.services.tasks.generateVideo(profileId, VIDEO).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ code: SUBMISSION_UNCONFIRMED });
    expect(bench.proxy.seen.filter((seen) => seen === `POST ${path}`).length - sentBefore).toBe(1);
    const task = bench.services.tasks.list(profileId).find((view) => view.prompt === VIDEO.prompt && view.errorCode)!;
    expect(task).toMatchObject({ status: "failed", errorCode: SUBMISSION_UNCONFIRMED });
    expect(task.errorMessage).toContain(`HTTP ${status}`);
    expect(task.errorMessage).toContain("may have been accepted and charged");
    const ledger = bench.services.db
      .prepare("SELECT status, chargeable, cost_kind FROM request_log WHERE path = ? ORDER BY id DESC LIMIT 1")
      .get(path);
    expect(ledger).toEqual({ status, chargeable: 1, cost_kind: "unknown" });
  });
});
