import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type ErrorClass = abstract new (...args: never[]) => unknown;
import { MessageSchema, MessageStreamEventSchema } from "../../../shared/gateway-api/messages.ts";
import { KEYS, startTestGateway, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
let client: Anthropic;

const ask = (content: string) => [{ role: "user" as const, content }];

beforeAll(async () => {
  gateway = await startTestGateway();
  client = new Anthropic({ apiKey: KEYS.main.key, baseURL: gateway.url, maxRetries: 0 });
});
afterAll(() => gateway.close());

describe("local gateway through the official @anthropic-ai/sdk", () => {
  it("answers a message with the spec's shape and usage", async () => {
    const message = await client.messages.create({
      model: "chat-fast",
      max_tokens: 1024,
      messages: ask("Explain budgets"),
    });
    expect(MessageSchema.parse(message)).toBeTruthy();
    expect(message.stop_reason).toBe("end_turn");
    expect(message.stop_sequence).toBeNull();
    expect(message.usage.output_tokens).toBeGreaterThan(150);
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message._request_id).toMatch(/^req_/);
  });

  it("streams events that finalMessage() assembles into the sync answer", async () => {
    const sync = await client.messages.create({ model: "chat-fast", max_tokens: 1024, messages: ask("stream please") });
    const stream = client.messages.stream({ model: "chat-fast", max_tokens: 1024, messages: ask("stream please") });
    const final = await stream.finalMessage();
    expect(final.content).toEqual(sync.content);
    expect(final.stop_reason).toBe("end_turn");
    expect(final.usage.output_tokens).toBe(sync.usage.output_tokens);
    expect(final.usage.input_tokens).toBe(sync.usage.input_tokens);
  });

  it("sends the stream's events in the spec's order", async () => {
    const response = await gateway.call("/v1/messages", {
      body: { model: "chat-fast", max_tokens: 20, stream: true, messages: ask("order") },
    });
    const events = (await response.text())
      .trim()
      .split("\n\n")
      .map((block) => {
        const [eventLine, dataLine] = block.split("\n");
        const data = MessageStreamEventSchema.parse(JSON.parse(dataLine!.slice("data: ".length)));
        expect(eventLine).toBe(`event: ${data.type}`);
        return data.type;
      });
    const withoutPing = events.filter((type) => type !== "ping");
    expect(withoutPing[0]).toBe("message_start");
    expect(withoutPing[1]).toBe("content_block_start");
    expect(withoutPing.slice(2, -3).every((type) => type === "content_block_delta")).toBe(true);
    expect(withoutPing.slice(-3)).toEqual(["content_block_stop", "message_delta", "message_stop"]);
    expect(withoutPing.filter((type) => type === "content_block_delta")).toHaveLength(20);
  });

  it("accepts Bearer (authToken) as well as x-api-key, and ignores unknown anthropic-version", async () => {
    const bearer = new Anthropic({ authToken: KEYS.main.key, apiKey: null, baseURL: gateway.url, maxRetries: 0 });
    const message = await bearer.messages.create(
      { model: "chat-fast", max_tokens: 4, messages: ask("hi") },
      { headers: { "anthropic-version": "2099-01-01" } },
    );
    expect(message.usage.output_tokens).toBe(4);
    expect(message.stop_reason).toBe("max_tokens");
  });

  it("honours stop_sequences and reports the matched sequence", async () => {
    const full = await client.messages.create({ model: "chat-pro", max_tokens: 1024, messages: ask("stop test") });
    const text = (full.content[0] as { text: string }).text;
    const sequence = text.slice(60, 70);
    const stopped = await client.messages.create({
      model: "chat-pro",
      max_tokens: 1024,
      messages: ask("stop test"),
      stop_sequences: ["never-appears-xyz", sequence],
    });
    expect(stopped.stop_reason).toBe("stop_sequence");
    expect(stopped.stop_sequence).toBe(sequence);
    expect((stopped.content[0] as { text: string }).text).toBe(text.slice(0, text.indexOf(sequence)));
    const streamed = await client.messages
      .stream({ model: "chat-pro", max_tokens: 1024, messages: ask("stop test"), stop_sequences: [sequence] })
      .finalMessage();
    expect(streamed.stop_sequence).toBe(sequence);
  });

  it("takes any number of stop_sequences, as the spec sets no limit", async () => {
    const full = await client.messages.create({ model: "chat-pro", max_tokens: 1024, messages: ask("stop test") });
    const sequence = (full.content[0] as { text: string }).text.slice(40, 50);
    const unmatched = Array.from({ length: 20 }, (_, index) => `never-appears-${index}`);
    const stopped = await client.messages.create({
      model: "chat-pro",
      max_tokens: 1024,
      messages: ask("stop test"),
      stop_sequences: [...unmatched, sequence],
    });
    expect(stopped.stop_reason).toBe("stop_sequence");
    expect(stopped.stop_sequence).toBe(sequence);
  });

  it("uses the system prompt as part of the conversation", async () => {
    const plain = await client.messages.create({ model: "chat-fast", max_tokens: 200, messages: ask("q") });
    const withSystem = await client.messages.create({
      model: "chat-fast",
      max_tokens: 200,
      system: "Be brief.",
      messages: ask("q"),
    });
    expect(withSystem.usage.input_tokens).toBeGreaterThan(plain.usage.input_tokens);
    expect(withSystem.content).not.toEqual(plain.content);
  });

  it("requires max_tokens and keeps temperature within 0-1, as typed SDK errors", async () => {
    const missing = await client.messages
      .create({ model: "chat-fast", messages: ask("x") } as never)
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Anthropic.BadRequestError);
    expect((missing as InstanceType<typeof Anthropic.APIError>).message).toContain("max_tokens");
    const hot = await client.messages
      // The SDK's types may not list temperature; the wire format does.
      .create({ model: "chat-fast", max_tokens: 10, temperature: 1.5, messages: ask("x") } as never)
      .catch((e: unknown) => e);
    expect(hot).toBeInstanceOf(Anthropic.BadRequestError);
    expect((hot as InstanceType<typeof Anthropic.APIError>).message).toContain("temperature must be between 0 and 1");
    expect((hot as InstanceType<typeof Anthropic.APIError>).requestID).toMatch(/^req_/);
  });

  it("maps auth, model and upstream failures to the SDK's error classes", async () => {
    const wrong = new Anthropic({ apiKey: "sk-nope-nope-nope", baseURL: gateway.url, maxRetries: 0 });
    const cases: [Promise<unknown>, ErrorClass, number][] = [
      [
        wrong.messages.create({ model: "chat-fast", max_tokens: 5, messages: ask("x") }),
        Anthropic.AuthenticationError,
        401,
      ],
      [client.messages.create({ model: "missing", max_tokens: 5, messages: ask("x") }), Anthropic.NotFoundError, 404],
      [
        client.messages.create({ model: "chat-upstream-error", max_tokens: 5, messages: ask("x") }),
        Anthropic.InternalServerError,
        502,
      ],
    ];
    for (const [call, type, status] of cases) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      expect((error as InstanceType<typeof Anthropic.APIError>).status).toBe(status);
      expect((error as InstanceType<typeof Anthropic.APIError>).requestID).toMatch(/^req_/);
    }
  });
});
