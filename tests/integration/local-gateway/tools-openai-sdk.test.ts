import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatCompletionChunkSchema, ChatCompletionSchema } from "../../../shared/gateway-api/chat-completions.ts";
import { chargedFor } from "../../support/gateway-charges.ts";
import { KEYS, startTestGateway, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
let client: OpenAI;
/** The request id of every answer the client received, in order. */
const requestIds: string[] = [];

const WEATHER: OpenAI.ChatCompletionFunctionTool = {
  type: "function",
  function: {
    name: "get_weather",
    description: "The weather of a city",
    parameters: {
      type: "object",
      properties: { city: { type: "string", default: "Paris" }, days: { type: "integer" } },
      required: ["days"],
    },
  },
};
const CLOCK: OpenAI.ChatCompletionFunctionTool = { type: "function", function: { name: "clock" } };
const tools = [WEATHER, CLOCK];
const ask = (content: string) => [{ role: "user" as const, content }];

beforeAll(async () => {
  gateway = await startTestGateway();
  client = new OpenAI({
    apiKey: KEYS.main.key,
    baseURL: `${gateway.url}/v1`,
    maxRetries: 0,
    fetch: async (url, init) => {
      const response = await fetch(url, init);
      requestIds.push(response.headers.get("x-request-id") ?? "");
      return response;
    },
  });
});
afterAll(() => gateway.close());

describe("tools through the official openai SDK", () => {
  it("answers a message naming a tool with a call of it, its arguments from the message's JSON", async () => {
    const completion = await client.chat.completions.create({
      model: "chat-fast",
      tools,
      messages: ask('What is the weather? Use get_weather with {"city": "Oslo", "days": 3}.'),
    });
    expect(ChatCompletionSchema.parse(completion)).toBeTruthy();
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe("tool_calls");
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toEqual([
      {
        id: expect.stringMatching(/^call_/),
        type: "function",
        function: { name: "get_weather", arguments: '{"city":"Oslo","days":3}' },
      },
    ]);
    expect(completion.usage!.completion_tokens).toBeGreaterThan(0);
  });

  it("streams the call as the SDK accumulates it, the same call as the whole answer", async () => {
    const messages = ask("clock and get_weather, please");
    const whole = await client.chat.completions.create({ model: "chat-fast", tools, messages });
    const stream = client.chat.completions.stream({ model: "chat-fast", tools, messages });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    stream.on("chunk", (chunk) => chunks.push(chunk));
    const final = await stream.finalChatCompletion();
    const call = final.choices[0]!.message.tool_calls![0] as OpenAI.ChatCompletionMessageFunctionToolCall;
    expect(final.choices[0]!.finish_reason).toBe("tool_calls");
    expect(call.function).toEqual({ name: "clock", arguments: "{}" });
    expect(call.id).toBe(chunks[0]!.choices[0]!.delta.tool_calls![0]!.id);
    expect(whole.choices[0]!.message.tool_calls![0]).toMatchObject({ function: call.function });
    for (const chunk of chunks) ChatCompletionChunkSchema.parse(chunk);
    expect(chunks[0]!.choices[0]!.delta).toEqual({
      role: "assistant",
      content: null,
      tool_calls: [{ index: 0, id: call.id, type: "function", function: { name: "clock", arguments: "" } }],
    });
    expect(chunks.at(-1)!.usage).toEqual(whole.usage);
  });

  it("builds the arguments from the schema's defaults when the message has no JSON object", async () => {
    const completion = await client.chat.completions.create({
      model: "chat-fast",
      tools,
      messages: ask("get_weather please"),
    });
    const call = completion.choices[0]!.message.tool_calls![0] as OpenAI.ChatCompletionMessageFunctionToolCall;
    expect(JSON.parse(call.function.arguments)).toEqual({ city: "Paris", days: 0 });
  });

  it("follows tool_choice: none answers in text, required and a forced function call", async () => {
    const messages = ask("nothing named here");
    const none = await client.chat.completions.create({
      model: "chat-fast",
      tools,
      tool_choice: "none",
      messages: ask("get_weather"),
    });
    expect(none.choices[0]!.finish_reason).toBe("stop");
    expect(none.choices[0]!.message.content).toContain("```");
    const auto = await client.chat.completions.create({ model: "chat-fast", tools, messages });
    expect(auto.choices[0]!.message.tool_calls).toBeUndefined();
    const required = await client.chat.completions.create({
      model: "chat-fast",
      tools,
      tool_choice: "required",
      messages,
    });
    expect(required.choices[0]!.message.tool_calls![0]).toMatchObject({ function: { name: "get_weather" } });
    const forced = await client.chat.completions.create({
      model: "chat-fast",
      tools,
      tool_choice: { type: "function", function: { name: "clock" } },
      messages: ask("get_weather"),
    });
    expect(forced.choices[0]!.message.tool_calls![0]).toMatchObject({ function: { name: "clock" } });
  });

  it("runs the whole loop with runTools, quoting the results, and bills each round", async () => {
    requestIds.length = 0;
    const runner = client.chat.completions.runTools({
      model: "chat-fast",
      stream: true,
      messages: ask('Call get_weather with {"city": "Lima"}'),
      tools: [
        {
          type: "function",
          function: {
            name: "get_weather",
            description: "The weather of a city",
            parameters: WEATHER.function.parameters!,
            parse: JSON.parse,
            function: (args: { city: string }) => `Sunny in ${args.city}, 24 °C`,
          },
        },
      ],
    });
    const answer = await runner.finalContent();
    expect(answer).toContain("The tool `get_weather`");
    expect(answer).toContain("```text\nSunny in Lima, 24 °C\n```");
    const completions = runner.allChatCompletions();
    expect(completions.map((completion) => completion.choices[0]!.finish_reason)).toEqual(["tool_calls", "stop"]);
    expect(requestIds).toHaveLength(2);
    const price = { input: 0.002 / 1000, output: 0.006 / 1000 };
    for (const [round, requestId] of requestIds.entries()) {
      const usage = completions[round]!.usage!;
      const charges = await waitUntil(
        async () => chargedFor(gateway, requestId),
        (found) => found.length > 0,
      );
      expect(charges).toHaveLength(1);
      expect(charges[0]!.model).toBe("chat-fast");
      expect(charges[0]!.amount).toBeCloseTo(
        usage.prompt_tokens * price.input + usage.completion_tokens * price.output,
        10,
      );
    }
    expect(completions[1]!.usage!.prompt_tokens).toBeGreaterThan(completions[0]!.usage!.prompt_tokens);
  });

  it("quotes several results and only the first 500 characters of a long one", async () => {
    const long = `${"x".repeat(600)}END`;
    const completion = await client.chat.completions.create({
      model: "chat-fast",
      tools,
      messages: [
        ...ask("clock and get_weather"),
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "call_a", type: "function", function: { name: "clock", arguments: "{}" } },
            { id: "call_b", type: "function", function: { name: "get_weather", arguments: "{}" } },
          ],
        },
        { role: "tool", tool_call_id: "call_a", content: "12:00" },
        { role: "tool", tool_call_id: "call_b", content: [{ type: "text", text: long }] },
      ],
    });
    const content = completion.choices[0]!.message.content!;
    expect(completion.choices[0]!.finish_reason).toBe("stop");
    expect(content).toContain("I got 2 tool results back.");
    expect(content).toContain("The tool `clock` (call call_a) returned 5 characters:\n\n```text\n12:00\n```");
    expect(content).toContain("(call call_b) returned 603 characters, of which the first 500 are quoted:");
    expect(content).toContain("x".repeat(500));
    expect(content).not.toContain("END");
  });
});
