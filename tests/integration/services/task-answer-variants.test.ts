import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayClient } from "../../../electron/services/gateway-client/gateway-client.ts";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";

/** Task answers as servers other than ours give them: fields the spec lists left out, other names for the same things. */
const ANSWERS: Record<string, unknown> = {
  // Accepted without progress, created_at or request_id, in a state named another way.
  "POST /v1/images/generations": { id: "img_1", status: "pending" },
  // Completed without created, revised_prompt or timestamps.
  "GET /v1/tasks/img_1": { id: "img_1", status: "succeeded", result: { data: [{ url: "https://cdn.example/a.png" }] } },
  // OpenAI's error object instead of error_code and error_message.
  "GET /v1/tasks/img_2": {
    status: "failed",
    error: { code: "moderation_blocked", message: "The prompt was refused." },
  },
  // A state this app has never heard of is still running.
  "GET /v1/tasks/img_3": { id: "img_3", status: "rendering", progress: null },
  // OpenAI-style video: `id` for task_id, `in_progress`, a fractional progress.
  "POST /v1/video/generations": { id: "video_1", object: "video", status: "queued" },
  "GET /v1/video/generations/video_1": { id: "video_1", status: "in_progress", progress: 42.7 },
  "GET /v1/video/generations/video_2": {
    task_id: "video_2",
    status: "completed",
    metadata: { url: "https://cdn.example/v.mp4" },
  },
  "GET /v1/video/generations/nameless": { status: "queued" },
};

let server: Server;
let client: GatewayClient;
beforeAll(async () => {
  server = createServer((request, response) => {
    const answer = ANSWERS[`${request.method} ${request.url}`];
    response.writeHead(answer === undefined ? 404 : 200, { "content-type": "application/json" });
    response.end(JSON.stringify(answer ?? { error: { message: "not here" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  client = new GatewayClient({
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    auth: "bearer",
    key: "sk-variant-0001",
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("task answers from servers that differ from the spec", () => {
  it("keep a paid submission and its result when fields the app does not use are missing", async () => {
    const { data: accepted } = await client.generateImages({ model: "m", prompt: "p", async: true });
    expect(accepted).toMatchObject({ id: "img_1", status: "queued" });
    const { data: done } = await client.getTask("img_1");
    expect(done).toMatchObject({ status: "completed", images: [{ url: "https://cdn.example/a.png" }] });
  });

  it("read OpenAI's error object and take an unknown state as still running", async () => {
    const { data: failed } = await client.getTask("img_2");
    expect(failed).toMatchObject({
      status: "failed",
      error_code: "moderation_blocked",
      error_message: "The prompt was refused.",
    });
    const { data: running } = await client.getTask("img_3");
    expect(running).toMatchObject({ status: "processing", progress: undefined });
  });

  it("follow OpenAI-style video tasks, and still refuse one without any id", async () => {
    const { data: submitted } = await client.submitVideo({ model: "v", prompt: "p", size: "1280x720", duration: 5 });
    expect(submitted).toMatchObject({ task_id: "video_1", status: "queued" });
    expect((await client.getVideo("video_1")).data).toMatchObject({ status: "processing", progress: 42 });
    expect((await client.getVideo("video_2")).data.metadata).toEqual({
      url: "https://cdn.example/v.mp4",
      duration: null,
      size: null,
    });
    const nameless = await client.getVideo("nameless").catch((error: unknown) => error);
    expect(nameless).toBeInstanceOf(GatewayError);
    expect((nameless as GatewayError).code).toBe("INVALID_RESPONSE");
  });
});
