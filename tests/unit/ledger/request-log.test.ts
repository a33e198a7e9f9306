import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { withLedgerLink } from "../../../electron/services/ledger/ledger-context.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { loggingFetch } from "../../../electron/services/ledger/request-log.ts";
import { tempDir } from "../../support/local-gateway.ts";

/** A loopback server answering each request as its `x-answer` header says: `status content-type body`. */
let server: Server;
let base: string;
let db: DatabaseSync;
let activity: string[];
let logged: typeof fetch;

interface LogRow {
  status: number | null;
  kind: string;
  model: string | null;
  units: number | null;
  size: string | null;
  chargeable: number;
  attributed: number;
  cost: number | null;
  cost_kind: string;
  settled_at: number | null;
  error: string | null;
  error_code: string | null;
  request_id: string | null;
  conversation_id: string | null;
  message_id: string | null;
  task_id: string | null;
  started_at: number;
  refund_from: number | null;
  refund_to: number | null;
  refund_pending: number;
  input_tokens: number | null;
  output_tokens: number | null;
}

const rows = (): LogRow[] => db.prepare("SELECT * FROM request_log ORDER BY id").all() as unknown as LogRow[];
const lastRow = (): LogRow => rows().at(-1)!;

function answer(status: number, body: unknown = {}, type = "application/json"): Record<string, string> {
  return { "x-answer": JSON.stringify({ status, type, body: typeof body === "string" ? body : JSON.stringify(body) }) };
}

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  logged(`${base}${path}`, { method: "POST", body: JSON.stringify(body), headers });

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    const header = request.headers["x-answer"];
    if (header === "drop") return void request.socket.destroy();
    const { status, type, body } = JSON.parse(String(header ?? '{"status":200,"type":"application/json","body":"{}"}'));
    response.writeHead(status, { ...(type ? { "content-type": type } : {}), "x-request-id": "req_1" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  db = openAppDatabase(join(tempDir("request-log-"), "app.db"));
  activity = [];
  logged = loggingFetch(db, "p1", fetch, (profile) => activity.push(profile));
});

describe("the request log", () => {
  it("records a refused (429) paid POST as free: it cost nothing and tells the budget nothing", async () => {
    const response = await post(
      "/v1/chat/completions",
      { model: "chat-fast" },
      answer(429, { error: { code: "rate_limited" } }),
    );
    expect(response.status).toBe(429);
    expect(lastRow()).toMatchObject({
      status: 429,
      kind: "chat",
      chargeable: 0,
      attributed: 1,
      cost: 0,
      cost_kind: "free",
    });
    expect(lastRow().settled_at).not.toBeNull();
    expect(activity).toEqual([]);
    await expect.poll(() => lastRow().error_code).toBe("rate_limited");
  });

  it("records an accepted paid POST as chargeable at a cost yet unknown, and tells the budget", async () => {
    await post("/v1/images/generations", { model: "img-1", n: 3, size: "512x512" }, answer(200));
    expect(lastRow()).toMatchObject({
      status: 200,
      kind: "image",
      model: "img-1",
      units: 3,
      size: "512x512",
      chargeable: 1,
      attributed: 0,
      cost: null,
      cost_kind: "unknown",
      request_id: "req_1",
    });
    expect(activity).toEqual(["p1"]);
  });

  it("a paid POST with no answer, or a proxy's 502 or 504, may have been charged", async () => {
    await expect(post("/v1/chat/completions", { model: "m" }, { "x-answer": "drop" })).rejects.toThrow();
    expect(lastRow()).toMatchObject({
      status: null,
      chargeable: 1,
      cost: null,
      cost_kind: "unknown",
      error: "TypeError",
    });
    for (const status of [502, 504]) {
      await post("/v1/chat/completions", { model: "m" }, answer(status));
      expect(lastRow()).toMatchObject({ status, chargeable: 1, cost_kind: "unknown" });
    }
    await post("/v1/chat/completions", { model: "m" }, answer(500));
    expect(lastRow()).toMatchObject({ status: 500, chargeable: 0, cost_kind: "free" });
    await post("/v1/chat/completions", { model: "m" }, answer(300));
    expect(lastRow()).toMatchObject({ status: 300, chargeable: 0, cost_kind: "free" });
    expect(activity).toEqual(["p1", "p1", "p1"]);
  });

  it("a paid call is written as chargeable before it is sent; a free call as free", async () => {
    let whileOut: LogRow | undefined;
    const watching = loggingFetch(db, "p1", async (input, init) => {
      whileOut = lastRow();
      return fetch(input, init);
    });
    await watching(`${base}/v1/video/generations`, { method: "POST", body: "{}", headers: answer(200) });
    expect(whileOut).toMatchObject({ status: null, chargeable: 1, attributed: 0, cost: null, cost_kind: "unknown" });
    await watching(`${base}/v1/balance`, { headers: answer(200) });
    expect(whileOut).toMatchObject({
      status: null,
      kind: "balance",
      chargeable: 0,
      attributed: 1,
      cost: 0,
      cost_kind: "free",
    });
  });

  it("a GET on a paid path and a POST that is not a paid kind are free", async () => {
    await logged(`${base}/v1/chat/completions`, { headers: answer(200) });
    expect(lastRow()).toMatchObject({ kind: "chat", chargeable: 0, cost_kind: "free" });
    await post("/v1/files", {}, answer(200));
    expect(lastRow()).toMatchObject({ kind: "other", chargeable: 0, cost_kind: "free" });
    expect(activity).toEqual([]);
  });

  it("logs a video call with its seconds and size, the defaults when the body names none", async () => {
    await post("/v1/video/generations", { model: "vid-1", duration: 8, size: "1920x1080" }, answer(200));
    expect(lastRow()).toMatchObject({ kind: "video", model: "vid-1", units: 8, size: "1920x1080" });
    await post("/v1/video/generations", { model: "vid-1" }, answer(200));
    expect(lastRow()).toMatchObject({ units: 5, size: "1280x720" });
  });

  it("links a call to the reply or task it was made for", async () => {
    await withLedgerLink({ conversationId: "c1", taskId: "t1" }, () => post("/v1/images/generations", {}, answer(200)));
    expect(lastRow()).toMatchObject({ conversation_id: "c1", message_id: null, task_id: "t1" });
    await post("/v1/images/generations", {}, answer(200));
    expect(lastRow()).toMatchObject({ conversation_id: null, message_id: null, task_id: null });
  });

  const replyMeta = {
    model: "m",
    wireFormat: "chat-completions",
    searched: false,
    finish: "finished",
    stopSequence: null,
    inputTokens: 12,
    outputTokens: 34,
    ttftMs: null,
    totalMs: null,
    requestId: null,
    sources: [],
  };

  it("settles a streamed reply when its caller is done, with the tokens its message records", async () => {
    db.prepare(
      "INSERT INTO conversations (id, title, settings, created_at, updated_at) VALUES ('c1', 't', '{}', 0, 0)",
    ).run();
    db.prepare(
      `INSERT INTO messages (id, conversation_id, position, role, content, status, meta, created_at)
       VALUES ('m1', 'c1', 0, 'assistant', '', 'complete', ?, 0)`,
    ).run(JSON.stringify(replyMeta));
    let duringReply: LogRow | undefined;
    await withLedgerLink({ conversationId: "c1", messageId: "m1" }, async () => {
      await post(
        "/v1/chat/completions",
        { model: "m", stream: true },
        answer(200, "data: {}\n\n", "text/event-stream"),
      );
      duringReply = lastRow();
      expect(activity).toEqual([]);
    });
    expect(duringReply).toMatchObject({ chargeable: 1, settled_at: null, input_tokens: null });
    expect(lastRow()).toMatchObject({ input_tokens: 12, output_tokens: 34 });
    expect(lastRow().settled_at).not.toBeNull();
    expect(activity).toEqual(["p1"]);
  });

  it("settles an unstreamed reply at once and tells the budget once", async () => {
    await withLedgerLink({ conversationId: "c1", messageId: "m2" }, async () => {
      await post("/v1/chat/completions", { model: "m" }, answer(200));
      expect(lastRow().settled_at).not.toBeNull();
      expect(activity).toEqual(["p1"]);
    });
    expect(activity).toEqual(["p1"]);
  });

  it("marks a failed task's charge for refund from the task's previous call", async () => {
    await withLedgerLink({ taskId: "t1" }, async () => {
      await post("/v1/images/generations", {}, answer(200, { id: "t1" }));
      await logged(`${base}/v1/tasks/t1`, { headers: answer(200, { status: "running" }) });
      expect(activity).toEqual(["p1"]);
      await logged(`${base}/v1/tasks/t1`, { headers: answer(200, { status: "failed" }) });
    });
    const [submit, running, failed] = rows();
    await expect.poll(() => rows()[0]?.refund_pending).toBe(1);
    expect(rows()[0]?.refund_from).toBe(running!.started_at);
    expect(rows()[0]?.refund_to).toBeGreaterThanOrEqual(failed!.started_at);
    expect(submit!.refund_pending).toBe(0);
    expect(activity).toEqual(["p1", "p1"]);
  });

  it("looks for the task's previous call among its own: a balance reading made meanwhile is not one", async () => {
    const later = () => new Promise((resolve) => setTimeout(resolve, 5));
    await withLedgerLink({ taskId: "t1" }, async () => {
      await post("/v1/images/generations", {}, answer(200, { id: "t1" }));
      await later();
      await logged(`${base}/v1/balance`, { headers: answer(200, { balance: 1 }) });
      await later();
      await logged(`${base}/v1/tasks/t1`, { headers: answer(200, { status: "failed" }) });
    });
    const [submit] = rows();
    await expect.poll(() => rows()[0]?.refund_pending).toBe(1);
    expect(rows()[0]?.refund_from).toBe(submit!.started_at);
  });

  it("marks a cancelled task's charge for refund from the cancel call", async () => {
    await withLedgerLink({ taskId: "t2" }, async () => {
      await post("/v1/video/generations", {}, answer(200, { id: "t2" }));
      await post("/v1/tasks/t2/cancel", {}, answer(200, { status: "cancelled" }));
    });
    const cancel = rows()[1]!;
    expect(cancel.kind).toBe("cancel");
    await expect.poll(() => rows()[0]?.refund_from).toBe(cancel.started_at);
  });

  it("sees no refund in a task that succeeded, in an error answer, or outside a task", async () => {
    await withLedgerLink({ taskId: "t3" }, async () => {
      await post("/v1/images/generations", {}, answer(200, { id: "t3" }));
      await logged(`${base}/v1/tasks/t3`, { headers: answer(200, { status: "succeeded" }) });
      await logged(`${base}/v1/tasks/t3`, { headers: answer(404, { status: "failed" }) });
    });
    await logged(`${base}/v1/tasks/t3`, { headers: answer(200, { status: "failed" }) });
    // A later marked refund of another task shows the answers above were read and passed over.
    await withLedgerLink({ taskId: "t4" }, async () => {
      await post("/v1/images/generations", {}, answer(200, { id: "t4" }));
      await logged(`${base}/v1/tasks/t4`, { headers: answer(200, { status: "failed" }) });
    });
    await expect.poll(() => rows().find((row) => row.task_id === "t4")?.refund_pending).toBe(1);
    expect(rows().find((row) => row.task_id === "t3" && row.kind === "image")?.refund_pending).toBe(0);
  });

  it("a call made without options is a GET, free", async () => {
    await logged(`${base}/v1/models`);
    expect(lastRow()).toMatchObject({ kind: "models", chargeable: 0, cost_kind: "free", status: 200 });
  });

  it("records how long the call took, not when it ended, a streamed reply's too", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 1_000_000 });
    try {
      await post("/v1/images/generations", {}, answer(200));
      expect(lastRow()).toMatchObject({ started_at: 1_000_000, duration_ms: 0 });
      await withLedgerLink({ conversationId: "c1", messageId: "m1" }, async () => {
        await post("/v1/chat/completions", { model: "m" }, answer(200, "data: {}\n\n", "text/event-stream"));
        expect(lastRow()).toMatchObject({ started_at: 1_000_000, duration_ms: 0, status: 200, settled_at: null });
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("settles at once a streamed call that belongs to no reply, and a reply's call that got no answer", async () => {
    await post("/v1/chat/completions", { model: "m" }, answer(200, "data: {}\n\n", "text/event-stream"));
    expect(lastRow().settled_at).not.toBeNull();
    expect(activity).toEqual(["p1"]);
    await withLedgerLink({ taskId: "t9" }, () =>
      post("/v1/chat/completions", { model: "m" }, answer(200, "data: {}\n\n", "text/event-stream")),
    );
    expect(lastRow().settled_at).not.toBeNull();
    await withLedgerLink({ conversationId: "c1", messageId: "m9" }, async () => {
      await expect(post("/v1/chat/completions", { model: "m" }, { "x-answer": "drop" })).rejects.toThrow();
      expect(lastRow().settled_at).not.toBeNull();
      expect(activity).toEqual(["p1", "p1", "p1"]);
    });
  });

  it("records an answer that names no content type", async () => {
    await post("/v1/images/generations", {}, answer(200, "{}", ""));
    expect(lastRow()).toMatchObject({ status: 200, chargeable: 1 });
  });

  it("a submission's answer is no task status: a 'failed' in it marks no refund", async () => {
    await withLedgerLink({ taskId: "t6" }, () => post("/v1/images/generations", {}, answer(200, { status: "failed" })));
    await withLedgerLink({ taskId: "t7" }, async () => {
      await post("/v1/images/generations", {}, answer(200, { id: "t7" }));
      await logged(`${base}/v1/tasks/t7`, { headers: answer(200, { status: "failed" }) });
    });
    await expect.poll(() => rows().find((row) => row.task_id === "t7")?.refund_pending).toBe(1);
    expect(rows().find((row) => row.task_id === "t6")?.refund_pending).toBe(0);
  });

  it("tells the budget of a refund once, however often the failed task is read", async () => {
    await withLedgerLink({ taskId: "t8" }, async () => {
      await post("/v1/images/generations", {}, answer(200, { id: "t8" }));
      await logged(`${base}/v1/tasks/t8`, { headers: answer(200, { status: "failed" }) });
    });
    await expect.poll(() => activity).toEqual(["p1", "p1"]);
    await withLedgerLink({ taskId: "t8" }, () =>
      logged(`${base}/v1/tasks/t8`, { headers: answer(200, { status: "failed" }) }),
    );
    // A later refund of another task lands after the repeated read of t8 was handled.
    await withLedgerLink({ taskId: "t10" }, async () => {
      await post("/v1/images/generations", {}, answer(200, { id: "t10" }));
      await logged(`${base}/v1/tasks/t10`, { headers: answer(200, { status: "failed" }) });
    });
    await expect.poll(() => rows().find((row) => row.task_id === "t10")?.refund_pending).toBe(1);
    await expect.poll(() => activity.length).toBe(4);
    expect(activity).toEqual(["p1", "p1", "p1", "p1"]);
  });
});
