import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway({ maxBodyBytes: 64 * 1024 });
});
afterAll(() => gateway.close());

const user = [{ role: "user", content: "hi" }];

/** Every 400 the gateway gives names the field (and its range where it has one). */
const INVALID: [string, unknown, RegExp][] = [
  [
    "/v1/chat/completions",
    { model: "chat-fast", messages: user, temperature: 2.1 },
    /temperature must be between 0 and 2/,
  ],
  ["/v1/chat/completions", { model: "chat-fast", messages: user, temperature: "hot" }, /temperature must be a number/],
  ["/v1/chat/completions", { model: "chat-fast", messages: user, top_p: 1.5 }, /top_p must be between 0 and 1/],
  ["/v1/chat/completions", { model: "chat-fast", messages: user, max_tokens: 0 }, /max_tokens must be at least 1/],
  ["/v1/chat/completions", { model: "chat-fast", messages: user, max_tokens: 2.5 }, /max_tokens must be an integer/],
  ["/v1/chat/completions", { model: "chat-fast", messages: [] }, /messages must not be empty/],
  ["/v1/chat/completions", { model: "chat-fast", messages: "hi" }, /messages must be an array/],
  ["/v1/chat/completions", { model: "chat-fast", messages: [{ role: "robot", content: "x" }] }, /messages\.0\.role/],
  ["/v1/chat/completions", { messages: user }, /model is required/],
  ["/v1/chat/completions", { model: "chat-fast", messages: user, stream: "yes" }, /stream must be a boolean/],
  ["/v1/messages", { model: "chat-fast", messages: user }, /max_tokens is required/],
  [
    "/v1/messages",
    { model: "chat-fast", messages: user, max_tokens: 5, temperature: 1.2 },
    /temperature must be between 0 and 1/,
  ],
  ["/v1/messages", { model: "chat-fast", messages: user, max_tokens: 5, top_p: -0.1 }, /top_p must be between 0 and 1/],
  [
    "/v1/messages",
    { model: "chat-fast", messages: [{ role: "system", content: "x" }], max_tokens: 5 },
    /messages\.0\.role/,
  ],
  ["/v1/search/completions", { model: "web-search" }, /messages/],
  ["/v1/images/generations", { model: "image-fast" }, /prompt is required/],
  ["/v1/images/generations", { model: "image-fast", prompt: "   " }, /prompt is required/],
  [
    "/v1/images/generations",
    { model: "image-fast", prompt: "x", size: "big" },
    /size must have the form <width>x<height>/,
  ],
  ["/v1/images/generations", { model: "image-fast", prompt: "x", size: "4096x4096" }, /between 64 and 2048/],
  ["/v1/images/generations", { model: "image-fast", prompt: "x", n: 0 }, /n must be between 1 and 4/],
  ["/v1/images/generations", { model: "image-fast", prompt: "x", n: 9 }, /n must be between 1 and 4/],
  [
    "/v1/images/generations",
    { model: "image-fast", prompt: "x", response_format: "jpeg" },
    /response_format must be url or b64_json/,
  ],
  [
    "/v1/images/generations",
    { model: "image-fast", prompt: "x".repeat(4001) },
    /prompt must be at most 4000 characters/,
  ],
  ["/v1/video/generations", { model: "video-std" }, /prompt is required/],
  [
    "/v1/video/generations",
    { model: "video-std", prompt: "x", size: "640x480" },
    /size must be one of 1280x720, 720x1280, 1920x1080/,
  ],
  ["/v1/video/generations", { model: "video-std", prompt: "x", duration: 6 }, /duration must be 5 or 8/],
  ["/v1/video/generations", { model: "video-std", prompt: "x", duration: "5" }, /duration must be 5 or 8/],
  [
    "/v1/video/generations",
    { model: "video-std", prompt: "x", image: "ftp://x/y.png" },
    /image must be an http\(s\) or data: URL/,
  ],
  [
    "/v1/video/generations",
    { model: "video-std", prompt: "x", image: "data:image/png;base64,bm90IGFuIGltYWdl" },
    /image: the reference image must be a PNG or JPEG/,
  ],
  [
    "/v1/video/generations",
    { model: "video-std", prompt: "x", image: "http://127.0.0.1:1/missing.png" },
    /image: the reference image could not be downloaded/,
  ],
  ["/v1/chat/completions", [1, 2, 3], /must be a JSON object/],
];

describe("bad input", () => {
  it.each(INVALID)("%s %j → 400 INVALID_PARAMS", async (path, body, message) => {
    const response = await gateway.call(path, { body });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("INVALID_PARAMS");
    expect(error.message).toMatch(message);
    expect(error.request_id).toBe(response.headers.get("x-request-id"));
  });

  it("rejects malformed JSON with 400 and a clear message", async () => {
    const response = await gateway.call("/v1/chat/completions", { body: '{"model": "chat-fast", "messages": [' });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("INVALID_PARAMS");
    expect(error.message).toMatch(/not valid JSON/);
  });

  it("rejects a body over the limit with 413", async () => {
    const huge = { model: "chat-fast", messages: [{ role: "user", content: "x".repeat(100 * 1024) }] };
    const response = await gateway.call("/v1/chat/completions", { body: huge });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("rejects a non-JSON content type", async () => {
    const response = await gateway.call("/v1/chat/completions", {
      body: "model=x",
      headers: { "content-type": "text/plain" },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("INVALID_PARAMS");
  });

  it("ignores unknown fields", async () => {
    const response = await gateway.call("/v1/chat/completions", {
      body: { model: "chat-fast", messages: user, max_tokens: 3, frobnicate: true, metadata: { a: 1 } },
    });
    expect(response.status).toBe(200);
  });

  it("answers unknown routes with the error body and 404", async () => {
    const response = await gateway.call("/v1/nothing-here");
    expect(response.status).toBe(404);
    const { error } = await response.json();
    expect(error.code).toBe("NOT_FOUND");
    expect(error.request_id).toMatch(/^req_/);
  });

  it("sends x-request-id and request-id on successes too, fresh each time", async () => {
    const first = await gateway.call("/v1/balance");
    const second = await gateway.call("/v1/balance");
    expect(first.headers.get("x-request-id")).toBe(first.headers.get("request-id"));
    expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
  });

  it("keeps serving after all of the above", async () => {
    const response = await gateway.call("/v1/chat/completions", {
      body: { model: "chat-fast", messages: user, max_tokens: 2 },
    });
    expect(response.status).toBe(200);
  });
});
