import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MessageSchema, MessageStreamEventSchema } from "../../../shared/gateway-api/messages.ts";
import { chargedFor } from "../../support/gateway-charges.ts";
import { KEYS, startTestGateway, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
let client: Anthropic;

const WEATHER: Anthropic.Tool = {
  name: "get_weather",
  description: "The weather of a city",
  input_schema: { type: "object", properties: { city: { type: "string", default: "Paris" } } },
};
const CLOCK: Anthropic.Tool = { name: "clock", input_schema: { type: "object" } };
const tools = [WEATHER, CLOCK];
const ask = (content: string) => [{ role: "user" as const, content }];
const request = (
  messages: Anthropic.MessageParam[],
  extra: Partial<Anthropic.MessageCreateParamsNonStreaming> = {},
): Anthropic.MessageCreateParamsNonStreaming => ({
  model: "chat-fast",
  max_tokens: 1024,
  tools,
  messages,
  ...extra,
});

beforeAll(async () => {
  gateway = await startTestGateway();
  client = new Anthropic({ apiKey: KEYS.main.key, baseURL: gateway.url, maxRetries: 0 });
});
afterAll(() => gateway.close());

describe("tools through the official @anthropic-ai/sdk", () => {
  it("answers a message naming a tool with a short sentence and a tool_use block", async () => {
    const message = await client.messages.create(
      request(ask('get_weather for {"city": "Oslo", "units": ["C"]}, please')),
    );
    expect(MessageSchema.parse(message)).toBeTruthy();
    expect(message.stop_reason).toBe("tool_use");
    expect(message.content).toEqual([
      { type: "text", text: "I'll call the tool `get_weather`." },
      {
        type: "tool_use",
        id: expect.stringMatching(/^toolu_/),
        name: "get_weather",
        input: { city: "Oslo", units: ["C"] },
      },
    ]);
  });

  it("streams the call so that finalMessage() holds the tool_use with its parsed input", async () => {
    const messages = ask('get_weather {"city": "Lima", "nested": {"a": [1, 2, {"b": null}]}}');
    const whole = await client.messages.create(request(messages));
    const stream = client.messages.stream(request(messages));
    const final = await stream.finalMessage();
    expect(final.stop_reason).toBe("tool_use");
    expect(final.content.map((block) => block.type)).toEqual(["text", "tool_use"]);
    const toolUse = final.content[1] as Anthropic.ToolUseBlock;
    expect(toolUse.input).toEqual({ city: "Lima", nested: { a: [1, 2, { b: null }] } });
    expect(toolUse.input).toEqual((whole.content[1] as Anthropic.ToolUseBlock).input);
    expect(final.usage).toEqual(whole.usage);
  });

  it("sends the call's stream events in the messages format's order", async () => {
    const response = await gateway.call("/v1/messages", {
      body: { ...request(ask("clock")), stream: true },
    });
    const events = (await response.text())
      .trim()
      .split("\n\n")
      .map((block) => MessageStreamEventSchema.parse(JSON.parse(block.split("\n")[1]!.slice("data: ".length))));
    const kinds = events.map((event) =>
      event.type === "content_block_delta" ? `${event.delta.type}@${event.index}` : event.type,
    );
    const collapsed = kinds.filter((kind, index) => kind !== kinds[index - 1]);
    expect(collapsed).toEqual([
      "message_start",
      "content_block_start",
      "ping",
      "text_delta@0",
      "content_block_stop",
      "content_block_start",
      "input_json_delta@1",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    const toolStart = events.filter((event) => event.type === "content_block_start")[1]!;
    expect(toolStart).toMatchObject({ index: 1, content_block: { type: "tool_use", name: "clock", input: {} } });
    expect(events.find((event) => event.type === "message_delta")).toMatchObject({
      delta: { stop_reason: "tool_use" },
    });
  });

  it("follows tool_choice: none, any and a named tool", async () => {
    const none = await client.messages.create(request(ask("get_weather"), { tool_choice: { type: "none" } }));
    expect(none.stop_reason).toBe("end_turn");
    const any = await client.messages.create(request(ask("no tool named"), { tool_choice: { type: "any" } }));
    expect(any.content[1]).toMatchObject({ type: "tool_use", name: "get_weather", input: { city: "Paris" } });
    const named = await client.messages.create(
      request(ask("get_weather"), { tool_choice: { type: "tool", name: "clock" } }),
    );
    expect(named.content[1]).toMatchObject({ type: "tool_use", name: "clock", input: {} });
  });

  it("quotes the tool results, says which failed, and bills each round", async () => {
    const question = ask('clock and get_weather {"city": "Rome"}');
    const first = await client.messages.create(request(question)).withResponse();
    const call = first.data.content[1] as Anthropic.ToolUseBlock;
    expect(call.name).toBe("clock");
    const second = await client.messages
      .create(
        request([
          ...question,
          { role: "assistant", content: first.data.content },
          {
            role: "user",
            content: [
              {
                type: "tool_result",
                tool_use_id: call.id,
                content: [{ type: "text", text: "no clock here" }],
                is_error: true,
              },
            ],
          },
        ]),
      )
      .withResponse();
    expect(second.data.stop_reason).toBe("end_turn");
    const text = (second.data.content[0] as Anthropic.TextBlock).text;
    expect(text).toContain(`The tool \`clock\` (call ${call.id}) failed; its error has 13 characters:`);
    expect(text).toContain("```text\nno clock here\n```");
    expect(text).toContain("1 of 1 failed");
    for (const { data, request_id } of [first, second]) {
      const charges = await waitUntil(
        async () => chargedFor(gateway, request_id!),
        (found) => found.length > 0,
      );
      const cost = (data.usage.input_tokens * 0.002 + data.usage.output_tokens * 0.006) / 1000;
      expect(charges.map((charge) => charge.amount)).toEqual([expect.closeTo(cost, 10)]);
    }
  });
});
