import { collectBatched } from "../../support/async-items.ts";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient, normalizeBaseUrl } from "../../../electron/services/gateway-client/gateway-client.ts";
import { textOf } from "../../../electron/services/gateway-client/lenient-schemas.ts";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";
import { withHeaderTimeout } from "../../../electron/services/gateway-client/header-timeout-fetch.ts";
import { KEYS, startTestGateway, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
let client: GatewayClient;
const ask = [{ role: "user" as const, content: "hello there" }];

async function failureOf(call: Promise<unknown>): Promise<GatewayError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

beforeAll(async () => {
  gateway = await startTestGateway({
    keys: [
      { ...KEYS.main },
      { ...KEYS.limited },
      { key: "sk-client-rpm-1", tenant: "acme", id: "key_rpm", name: "RPM key", rpm: 1 },
    ],
    videoLimits: { perMinute: 20, perDay: 20, concurrent: 20 },
  });
  client = new GatewayClient({ baseUrl: `${gateway.url}/v1/`, auth: "bearer", key: KEYS.main.key });
});
afterAll(() => gateway.close());

describe("GatewayClient against the local gateway", () => {
  it("tolerates a trailing /v1 and slashes in the base URL", () => {
    expect(normalizeBaseUrl("https://g.example.com/v1/")).toBe("https://g.example.com");
    expect(normalizeBaseUrl(" https://g.example.com// ")).toBe("https://g.example.com");
  });

  it("reads the balance with its request id and rate-limit headers", async () => {
    const { data, meta } = await client.getBalance();
    expect(data.currency).toBe("CNY");
    expect(data.api_key.id).toBe(KEYS.main.id);
    expect(meta.requestId).toMatch(/^req_/);
    expect(meta.rateLimit).toEqual({ limit: KEYS.main.rpm, remaining: expect.any(Number) });
  });

  it("speaks x-api-key too", async () => {
    const viaHeader = new GatewayClient({ baseUrl: gateway.url, auth: "x-api-key", key: KEYS.main.key });
    expect((await viaHeader.getBalance()).data.api_key.name).toBe(KEYS.main.name);
  });

  it("completes chat, messages and search, whole and streamed", async () => {
    const chat = await client.chatCompletion({ model: "chat-fast", messages: ask, max_tokens: 20 });
    const chunks = await collectBatched(
      (await client.streamChatCompletion({ model: "chat-fast", messages: ask, max_tokens: 20 })).batches,
    );
    expect(chunks.map((chunk) => textOf(chunk.choices?.[0]?.delta?.content)).join("")).toBe(
      textOf(chat.data.choices[0]!.message?.content),
    );
    expect(chunks.at(-1)!.usage).toEqual(chat.data.usage);

    const message = await client.messages({ model: "chat-fast", messages: ask, max_tokens: 20 });
    const events = await collectBatched(
      (await client.streamMessages({ model: "chat-fast", messages: ask, max_tokens: 20 })).batches,
    );
    expect(events.at(-1)!.type).toBe("message_stop");
    const text = events.flatMap((event) => (event.type === "content_block_delta" ? [event.delta.text] : [])).join("");
    expect(text).toBe((message.data.content[0] as { text: string }).text);

    const search = await client.searchCompletion({ model: "web-search", messages: ask });
    expect(search.data.citations?.length).toBeGreaterThan(0);
    const searchChunks = await collectBatched(
      (await client.streamSearchCompletion({ model: "web-search", messages: ask })).batches,
    );
    expect(searchChunks[0]!.search_results).toEqual(search.data.search_results);
  });

  it("generates images, submits and reads video and image tasks, and cancels", async () => {
    const sync = await client.generateImages({ model: "image-fast", prompt: "a cat", size: "64x64" });
    expect("data" in sync.data && sync.data.data).toHaveLength(1);
    const task = await client.generateImages({ model: "image-pro", prompt: "a cat", size: "64x64" });
    expect("id" in task.data && task.data.status).toBe("queued");
    const taskId = (task.data as { id: string }).id;
    const done = await waitUntil(
      () => client.getTask(taskId),
      (record) => record.data.status === "completed",
    );
    expect(done.data.result!.data).toHaveLength(1);

    const video = await client.submitVideo({ model: "video-std", prompt: "a kite", duration: 5 });
    const finished = await waitUntil(
      () => client.getVideo(video.data.task_id),
      (record) => record.data.status === "completed",
    );
    expect(finished.data.metadata!.size).toBe("1280x720");

    const slow = await startTestGateway({ timeScale: 1, keys: [{ ...KEYS.main }] });
    try {
      const slowClient = new GatewayClient({ baseUrl: slow.url, auth: "bearer", key: KEYS.main.key });
      const queued = await slowClient.submitVideo({ model: "video-std", prompt: "cancel me" });
      expect((await slowClient.cancelTask(queued.data.task_id)).data.status).toBe("cancelled");
      const refused = await failureOf(slowClient.cancelTask(queued.data.task_id));
      expect(refused).toMatchObject({ status: 409, code: "TASK_NOT_CANCELLABLE" });
    } finally {
      await slow.close();
    }
  });

  it("turns every gateway error into a GatewayError with status, code, message and request id", async () => {
    const wrongKey = new GatewayClient({ baseUrl: gateway.url, auth: "bearer", key: "sk-not-a-real-key" });
    const limited = new GatewayClient({ baseUrl: gateway.url, auth: "bearer", key: KEYS.limited.key });
    const cases: [() => Promise<unknown>, number, string][] = [
      [() => wrongKey.getBalance(), 401, "UNAUTHORIZED"],
      [() => limited.chatCompletion({ model: "chat-pro", messages: ask }), 403, "FORBIDDEN"],
      [() => client.chatCompletion({ model: "nope", messages: ask }), 404, "MODEL_NOT_FOUND"],
      [() => client.chatCompletion({ model: "chat-fast", messages: ask, temperature: 3 }), 400, "INVALID_PARAMS"],
      [() => client.chatCompletion({ model: "chat-upstream-error", messages: ask }), 502, "UPSTREAM_ERROR"],
      [() => client.chatCompletion({ model: "chat-timeout", messages: ask }), 504, "GATEWAY_TIMEOUT"],
      [() => client.getTask("task_missing"), 404, "TASK_NOT_FOUND"],
    ];
    for (const [call, status, code] of cases) {
      const error = await failureOf(call());
      expect(error, code).toMatchObject({ status, code });
      expect(error.requestId).toMatch(/^req_/);
      expect(error.message.length).toBeGreaterThan(5);
      expect(error.toIpcError()).toMatchObject({ code, status, requestId: error.requestId });
    }
  });

  it("carries Retry-After and the X-RateLimit values of a 429", async () => {
    const rpm = new GatewayClient({ baseUrl: gateway.url, auth: "bearer", key: "sk-client-rpm-1" });
    await rpm.getBalance();
    const error = await failureOf(rpm.getBalance());
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMIT", rateLimit: { limit: 1, remaining: 0 } });
    expect(error.retryAfter).toBeGreaterThanOrEqual(1);
  });

  it("reports a cut stream as STREAM_INCOMPLETE after the text that did arrive", async () => {
    const stream = await client.streamChatCompletion({ model: "chat-stream-cut", messages: ask });
    const received: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const chunks of stream.batches) {
          for (const chunk of chunks) received.push(textOf(chunk.choices?.[0]?.delta?.content));
        }
      })(),
    );
    expect(error.code).toBe("STREAM_INCOMPLETE");
    expect(received.join("").length).toBeGreaterThan(0);
  });

  it("reports an aborted call as ABORTED", async () => {
    const controller = new AbortController();
    const slow = await startTestGateway({ timeScale: 1, keys: [{ ...KEYS.main }] });
    try {
      const slowClient = new GatewayClient({ baseUrl: slow.url, auth: "bearer", key: KEYS.main.key });
      const call = slowClient.chatCompletion({ model: "chat-fast", messages: ask }, controller.signal);
      setTimeout(() => controller.abort(), 50);
      expect((await failureOf(call)).code).toBe("ABORTED");
    } finally {
      await slow.close();
    }
  });
});

describe("GatewayClient against a broken server", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/v1/balance") {
        response.writeHead(200, { "content-type": "application/json", "x-request-id": "req_broken" });
        response.end(JSON.stringify({ object: "balance", currency: "CNY", balance: "lots" }));
      } else if (request.url === "/v1/tasks/slow-headers") {
        setTimeout(() => {
          response.writeHead(200, { "content-type": "application/json" });
          response.end("{}");
        }, 600);
      } else if (request.url === "/v1/chat/completions") {
        // Headers at once, then a stream that takes longer than the header timeout.
        response.writeHead(200, { "content-type": "text/event-stream" });
        const chunk = (content: string, finish: string | null) =>
          `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
        let sent = 0;
        const timer = setInterval(() => {
          sent++;
          if (sent < 5) return void response.write(chunk(`part${sent} `, null));
          clearInterval(timer);
          response.end(chunk("end", "stop") + "data: [DONE]\n\n");
        }, 100);
      } else if (request.url === "/v1/tasks/html") {
        response.writeHead(200, { "content-type": "text/html" });
        response.end("<html>proxy login</html>");
      } else {
        response.writeHead(500, { "content-type": "text/plain" });
        response.end("oops");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("rejects a malformed answer with INVALID_RESPONSE naming the field, never crashing", async () => {
    const broken = new GatewayClient({ baseUrl: url, auth: "bearer", key: "sk-anything-1" });
    const shape = await failureOf(broken.getBalance());
    expect(shape.code).toBe("INVALID_RESPONSE");
    expect(shape.message).toMatch(/balance/);
    expect(shape.requestId).toBe("req_broken");
    expect((await failureOf(broken.getTask("html"))).code).toBe("INVALID_RESPONSE");
  });

  it("times out when headers do not come, but lets a long stream run past the same timeout", async () => {
    const impatient = new GatewayClient(
      { baseUrl: url, auth: "bearer", key: "sk-anything-1" },
      { fetch: withHeaderTimeout(fetch, 250) },
    );
    expect(await failureOf(impatient.getTask("slow-headers"))).toMatchObject({ code: "TIMEOUT" });
    const stream = await impatient.streamChatCompletion({ model: "x", messages: ask });
    const text = (await collectBatched(stream.batches))
      .map((chunk) => textOf(chunk.choices?.[0]?.delta?.content))
      .join("");
    expect(text).toBe("part1 part2 part3 part4 end");
  });

  it("keeps a non-JSON error as HTTP_<status>", async () => {
    const broken = new GatewayClient({ baseUrl: url, auth: "bearer", key: "sk-anything-1" });
    expect(await failureOf(broken.getVideo("x"))).toMatchObject({ status: 500, code: "HTTP_500" });
  });

  it("reports an unreachable gateway as NETWORK_ERROR without the key", async () => {
    const down = new GatewayClient({ baseUrl: "http://127.0.0.1:1", auth: "bearer", key: "sk-secret-never-shown" });
    const error = await failureOf(down.getBalance());
    expect(error.code).toBe("NETWORK_ERROR");
    expect(error.message).toContain("127.0.0.1:1");
    expect(JSON.stringify(error.toIpcError())).not.toContain("sk-secret-never-shown");
  });
});
