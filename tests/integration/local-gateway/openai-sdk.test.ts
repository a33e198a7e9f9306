import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type ErrorClass = abstract new (...args: never[]) => unknown;
import { ChatCompletionSchema } from "../../../shared/gateway-api/chat-completions.ts";
import { SearchCompletionSchema } from "../../../shared/gateway-api/search-completions.ts";
import { KEYS, startTestGateway, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
let client: OpenAI;

const ask = (content: string) => [{ role: "user" as const, content }];

beforeAll(async () => {
  gateway = await startTestGateway();
  client = new OpenAI({ apiKey: KEYS.main.key, baseURL: `${gateway.url}/v1`, maxRetries: 0 });
});
afterAll(() => gateway.close());

describe("local gateway through the official openai SDK", () => {
  it("answers a chat completion with the spec's shape and real token counts", async () => {
    const completion = await client.chat.completions.create({
      model: "chat-fast",
      messages: ask("Explain rate limits"),
    });
    expect(ChatCompletionSchema.parse(completion)).toBeTruthy();
    const content = completion.choices[0]!.message.content!;
    expect(content).toContain("```");
    expect(content).toContain("| --- |");
    expect(completion.choices[0]!.finish_reason).toBe("stop");
    expect(completion.usage!.completion_tokens).toBeGreaterThan(150);
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens);
    expect(completion._request_id).toMatch(/^req_/);
  });

  it("is deterministic: the same conversation gets the same answer", async () => {
    const first = await client.chat.completions.create({ model: "chat-pro", messages: ask("Same question") });
    const second = await client.chat.completions.create({ model: "chat-pro", messages: ask("Same question") });
    const other = await client.chat.completions.create({ model: "chat-pro", messages: ask("Another question") });
    expect(second.choices[0]!.message.content).toBe(first.choices[0]!.message.content);
    expect(other.choices[0]!.message.content).not.toBe(first.choices[0]!.message.content);
  });

  it("streams chunks that the SDK assembles into the same completion as the sync call", async () => {
    const messages = ask("Stream me an answer");
    const sync = await client.chat.completions.create({ model: "chat-fast", messages });
    const stream = client.chat.completions.stream({ model: "chat-fast", messages });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    stream.on("chunk", (chunk) => chunks.push(chunk));
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.message.content).toBe(sync.choices[0]!.message.content);
    expect(final.choices[0]!.finish_reason).toBe("stop");
    expect(chunks[0]!.choices[0]!.delta.role).toBe("assistant");
    expect(chunks.length).toBeGreaterThan(50);
    const last = chunks.at(-1)!;
    expect(last.id).toBe(chunks[0]!.id);
    expect(last.usage).toEqual(sync.usage);
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage == null)).toBe(true);
  });

  it("ends the SSE stream with data: [DONE]", async () => {
    const response = await gateway.call("/v1/chat/completions", {
      body: { model: "chat-fast", messages: ask("raw stream"), stream: true, max_tokens: 5 },
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const text = await response.text();
    const events = text.trim().split("\n\n");
    expect(events.at(-1)).toBe("data: [DONE]");
    const lastChunk = JSON.parse(events.at(-2)!.slice("data: ".length));
    expect(lastChunk.choices[0].finish_reason).toBe("length");
    expect(lastChunk.usage.completion_tokens).toBe(5);
  });

  it("cuts at max_tokens with finish_reason length", async () => {
    const completion = await client.chat.completions.create({
      model: "chat-fast",
      messages: ask("cut me"),
      max_tokens: 7,
    });
    expect(completion.choices[0]!.finish_reason).toBe("length");
    expect(completion.usage!.completion_tokens).toBe(7);
  });

  it("accepts the key as x-api-key as well as Bearer", async () => {
    const viaHeader = new OpenAI({
      apiKey: "unused",
      baseURL: `${gateway.url}/v1`,
      maxRetries: 0,
      defaultHeaders: { authorization: null, "x-api-key": KEYS.main.key } as never,
    });
    const completion = await viaHeader.chat.completions.create({
      model: "chat-fast",
      messages: ask("hi"),
      max_tokens: 3,
    });
    expect(completion.usage!.completion_tokens).toBe(3);
  });

  it("surfaces errors as the SDK's typed errors with status, code and request id", async () => {
    const wrongKey = new OpenAI({ apiKey: "sk-wrong-key-000", baseURL: `${gateway.url}/v1`, maxRetries: 0 });
    const cases: [() => Promise<unknown>, ErrorClass, number, string][] = [
      [
        () => wrongKey.chat.completions.create({ model: "chat-fast", messages: ask("x") }),
        OpenAI.AuthenticationError,
        401,
        "UNAUTHORIZED",
      ],
      [
        () => client.chat.completions.create({ model: "no-such-model", messages: ask("x") }),
        OpenAI.NotFoundError,
        404,
        "MODEL_NOT_FOUND",
      ],
      [
        () => client.chat.completions.create({ model: "chat-offline", messages: ask("x") }),
        OpenAI.NotFoundError,
        404,
        "MODEL_NOT_FOUND",
      ],
      [
        () => client.chat.completions.create({ model: "chat-fast", messages: ask("x"), temperature: 2.5 }),
        OpenAI.BadRequestError,
        400,
        "INVALID_PARAMS",
      ],
      [
        () => client.chat.completions.create({ model: "chat-upstream-error", messages: ask("x") }),
        OpenAI.InternalServerError,
        502,
        "UPSTREAM_ERROR",
      ],
      [
        () => client.chat.completions.create({ model: "chat-timeout", messages: ask("x") }),
        OpenAI.InternalServerError,
        504,
        "GATEWAY_TIMEOUT",
      ],
    ];
    for (const [call, type, status, code] of cases) {
      const error = await call().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, code).toBeInstanceOf(type);
      const apiError = error as InstanceType<typeof OpenAI.APIError>;
      expect(apiError.status).toBe(status);
      expect(apiError.code).toBe(code);
      expect(apiError.requestID).toMatch(/^req_/);
      expect((apiError.error as { request_id: string }).request_id).toBe(apiError.requestID);
    }
    const limited = new OpenAI({ apiKey: KEYS.limited.key, baseURL: `${gateway.url}/v1`, maxRetries: 0 });
    const forbidden = await limited.chat.completions
      .create({ model: "chat-pro", messages: ask("x") })
      .catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((forbidden as InstanceType<typeof OpenAI.APIError>).code).toBe("FORBIDDEN");
  });

  it("names the field and range of a bad temperature", async () => {
    const error = (await client.chat.completions
      .create({ model: "chat-fast", messages: ask("x"), temperature: -1 })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.message).toContain("temperature must be between 0 and 2");
  });

  it("a stream-cut model drops the connection mid-answer", async () => {
    const stream = client.chat.completions.stream({ model: "chat-stream-cut", messages: ask("cut") });
    let received = "";
    stream.on("content", (delta) => (received += delta));
    await expect(stream.finalChatCompletion()).rejects.toThrow();
    expect(received.length).toBeGreaterThan(0);
  });

  it("answers web search with [n] markers, citations and search_results that open", async () => {
    const response = await client.post("/search/completions", {
      body: { model: "web-search", messages: ask("How do rate limits and Retry-After work?") },
    });
    const completion = SearchCompletionSchema.parse(response);
    const content = completion.choices[0]!.message.content;
    expect(content).toMatch(/\[1\]/);
    expect(completion.citations.length).toBeGreaterThan(0);
    expect(completion.search_results.map((result) => result.url)).toEqual(completion.citations);
    expect(completion.search_results[0]!.title).toBe("Rate limits");
    for (const url of completion.citations) {
      expect(url.startsWith(gateway.url + "/help/")).toBe(true);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<h1>");
    }
    const markers = [...content.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
    expect(Math.max(...markers)).toBeLessThanOrEqual(completion.citations.length);
  });

  it("streams web search with the sources on the first and last chunk", async () => {
    const response = await gateway.call("/v1/search/completions", {
      body: { model: "web-search", messages: ask("video limits"), stream: true },
    });
    const events = (await response.text())
      .trim()
      .split("\n\n")
      .map((event) => event.slice("data: ".length));
    expect(events.at(-1)).toBe("[DONE]");
    const first = JSON.parse(events[0]!);
    const last = JSON.parse(events.at(-2)!);
    expect(first.citations.length).toBeGreaterThan(0);
    expect(last.search_results).toEqual(first.search_results);
    expect(last.usage.completion_tokens).toBeGreaterThan(0);
  });

  it("refuses a chat model on the search endpoint and a search model on chat", async () => {
    const onSearch = await gateway.call("/v1/search/completions", { body: { model: "chat-fast", messages: ask("x") } });
    expect(onSearch.status).toBe(400);
    const onChat = await gateway.call("/v1/chat/completions", { body: { model: "web-search", messages: ask("x") } });
    expect(onChat.status).toBe(400);
  });

  it("generates images synchronously as URLs and as b64_json", async () => {
    const byUrl = await client.images.generate({ model: "image-fast", prompt: "a blue ocean", size: "256x128", n: 2 });
    expect(byUrl.data).toHaveLength(2);
    for (const image of byUrl.data!) {
      const file = await fetch(image.url!);
      expect(file.headers.get("content-type")).toBe("image/png");
    }
    const inline = await client.images.generate({
      model: "image-fast",
      prompt: "a blue ocean",
      size: "256x128",
      response_format: "b64_json",
    });
    expect(Buffer.from(inline.data![0]!.b64_json!, "base64").subarray(1, 4).toString()).toBe("PNG");
  });
});
