import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOL_LIMITS } from "../../../electron/local-gateway/text/offered-tools.ts";
import { KEYS, startTestGateway, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway({
    models: [
      { code: "chat-fast", kind: "chat" },
      { code: "chat-no-tools", kind: "chat", tools: false },
      { code: "chat-upstream-error", kind: "chat", fault: "upstream" },
      { code: "chat-stream-cut", kind: "chat", fault: "stream-cut" },
      { code: "image-fast", kind: "image", syncMode: "sync" },
    ],
  });
});
afterAll(() => gateway.close());

const chatTool = (name: string, parameters: object = {}) => ({ type: "function", function: { name, parameters } });
const messagesTool = (name: string) => ({ name, input_schema: { type: "object" } });
const chat = (extra: object) => ({ model: "chat-fast", messages: [{ role: "user", content: "lookup" }], ...extra });
const messages = (extra: object) => ({ ...chat(extra), max_tokens: 1000 });

async function refusal(path: string, body: object): Promise<string> {
  const response = await gateway.call(path, { body });
  const { error } = await response.json();
  expect(response.status, error?.message).toBe(400);
  expect(error.code).toBe("INVALID_PARAMS");
  return error.message;
}
const chatRefusal = (body: object) => refusal("/v1/chat/completions", body);
const messagesRefusal = (body: object) => refusal("/v1/messages", body);

describe("the local gateway bounds the tools it is offered", () => {
  it("refuses too many tools, bad or repeated names, and long descriptions or schemas", async () => {
    const many = Array.from({ length: TOOL_LIMITS.count + 1 }, (_, index) => chatTool(`t${index}`));
    expect(await chatRefusal(chat({ tools: many }))).toBe("tools accepts at most 128 tools");
    expect(await chatRefusal(chat({ tools: [chatTool("get weather")] }))).toMatch(/^tools\[0\]\.function\.name must/);
    expect(await chatRefusal(chat({ tools: [chatTool("x".repeat(65))] }))).toMatch(/^tools\[0\]\.function\.name/);
    expect(await chatRefusal(chat({ tools: [chatTool("a"), chatTool("a")] }))).toContain("offered twice");
    const longSchema = { description: "x".repeat(TOOL_LIMITS.schemaChars) };
    expect(await chatRefusal(chat({ tools: [chatTool("a", longSchema)] }))).toMatch(
      /^tools\[0\]\.function\.parameters/,
    );
    const described = { type: "function", function: { name: "a", description: "x".repeat(8193) } };
    expect(await chatRefusal(chat({ tools: [described] }))).toMatch(/^tools\[0\]\.function\.description/);
    expect(await messagesRefusal(messages({ tools: [messagesTool("a.b")] }))).toMatch(/^tools\[0\]\.name must/);
    expect(await messagesRefusal(messages({ tools: [{ name: "a" }] }))).toMatch(/input_schema/);
  });

  it("refuses a tool choice that names no offered tool or asks for a call without tools", async () => {
    const forced = { type: "function", function: { name: "other" } };
    expect(await chatRefusal(chat({ tools: [chatTool("lookup")], tool_choice: forced }))).toContain('"other"');
    expect(await chatRefusal(chat({ tool_choice: "required" }))).toContain("offers no tools");
    expect(await messagesRefusal(messages({ tools: [messagesTool("a")], tool_choice: { type: "tool" } }))).toBe(
      "tool_choice.name is required when its type is tool",
    );
    expect(await messagesRefusal(messages({ tool_choice: { type: "any" } }))).toContain("offers no tools");
  });

  it("refuses a result whose call id no earlier message made, in both formats", async () => {
    const history = [
      { role: "user", content: "lookup" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "lookup", arguments: "{}" } }],
      },
    ];
    const orphan = { role: "tool", tool_call_id: "c2", content: "x" };
    expect(await chatRefusal(chat({ messages: [...history, orphan] }))).toBe(
      'messages[2].tool_call_id: no tool call with the id "c2" comes before this result',
    );
    expect(await chatRefusal(chat({ messages: [...history, { role: "tool", content: "x" }] }))).toContain(
      "messages[2].tool_call_id is required",
    );
    const result = { type: "tool_result", tool_use_id: "toolu_x", content: "x" };
    expect(await messagesRefusal(messages({ messages: [{ role: "user", content: [result] }] }))).toBe(
      'messages[0].content[0].tool_use_id: no tool call with the id "toolu_x" comes before this result',
    );
  });
});

describe("models and tools", () => {
  it("a model without tools refuses a request that offers them, with a 400 naming tools", async () => {
    const tools = { model: "chat-no-tools" };
    const chatMessage = await chatRefusal(chat({ ...tools, tools: [chatTool("lookup")] }));
    expect(chatMessage).toBe("tools: the model chat-no-tools does not support tools.");
    const messagesMessage = await messagesRefusal(messages({ ...tools, tools: [messagesTool("lookup")] }));
    expect(messagesMessage).toBe(chatMessage);
    expect((await gateway.call("/v1/chat/completions", { body: chat(tools) })).status).toBe(200);
  });

  it("the model list says which models take tools", async () => {
    const { data } = await (await gateway.call("/v1/models")).json();
    const parameters = Object.fromEntries(
      data.map((model: { id: string; supported_parameters?: string[] }) => [model.id, model.supported_parameters]),
    );
    expect(parameters["chat-fast"]).toEqual(expect.arrayContaining(["tools", "tool_choice"]));
    expect(parameters["chat-no-tools"]).toEqual(["max_tokens", "stop", "temperature", "top_p"]);
    expect(parameters["image-fast"]).toBeUndefined();
  });

  it("fault models fail with tools as without", async () => {
    const tools = [chatTool("lookup")];
    const upstream = await gateway.call("/v1/chat/completions", {
      body: chat({ model: "chat-upstream-error", tools }),
    });
    expect(upstream.status).toBe(502);
    const big = JSON.stringify({ items: Array.from({ length: 50 }, (_, index) => `item ${index}`) });
    const client = new OpenAI({ apiKey: KEYS.main.key, baseURL: `${gateway.url}/v1`, maxRetries: 0 });
    const stream = client.chat.completions.stream({
      model: "chat-stream-cut",
      tools: [{ type: "function", function: { name: "lookup" } }],
      messages: [{ role: "user", content: `lookup ${big}` }],
    });
    let received = "";
    stream.on("tool_calls.function.arguments.delta", (event) => (received += event.arguments_delta));
    await expect(stream.finalChatCompletion()).rejects.toThrow();
    expect(received.length).toBeGreaterThan(0);
    expect(big.startsWith(received)).toBe(true);
    expect(received.length).toBeLessThan(big.length);
  });

  it("cuts a call at max_tokens: finish_reason length with the arguments begun, stop_reason max_tokens", async () => {
    const tools = [chatTool("lookup")];
    const content = `lookup ${JSON.stringify({ words: "one two three four five six seven" })}`;
    const response = await gateway.call("/v1/chat/completions", {
      body: { model: "chat-fast", tools, max_tokens: 3, messages: [{ role: "user", content }] },
    });
    const { choices, usage } = await response.json();
    expect(choices[0].finish_reason).toBe("length");
    expect(usage.completion_tokens).toBe(3);
    expect(
      '{"words":"one two three four five six seven"}'.startsWith(choices[0].message.tool_calls[0].function.arguments),
    ).toBe(true);
    const message = await (
      await gateway.call("/v1/messages", {
        body: {
          model: "chat-fast",
          tools: [messagesTool("lookup")],
          max_tokens: 12,
          messages: [{ role: "user", content }],
        },
      })
    ).json();
    expect(message.stop_reason).toBe("max_tokens");
    expect(message.content.at(-1)).toMatchObject({ type: "tool_use", name: "lookup", input: {} });
    expect(message.usage.output_tokens).toBe(12);
  });

  it("counts the offered tools and the tool messages in the prompt's tokens", async () => {
    const usageOf = async (body: object) =>
      (await (await gateway.call("/v1/chat/completions", { body: { ...body, max_tokens: 1 } })).json()).usage;
    const question = [{ role: "user", content: "hello" }];
    const bare = await usageOf({ model: "chat-fast", messages: question });
    const offered = await usageOf({ model: "chat-fast", messages: question, tools: [chatTool("lookup")] });
    const bigger = await usageOf({
      model: "chat-fast",
      messages: question,
      tools: [chatTool("lookup", { type: "object", properties: { city: { type: "string" } } })],
    });
    expect(offered.prompt_tokens).toBeGreaterThan(bare.prompt_tokens);
    expect(bigger.prompt_tokens).toBeGreaterThan(offered.prompt_tokens);
    const call = { id: "c1", type: "function", function: { name: "lookup", arguments: '{"q":"a long query"}' } };
    const withResult = await usageOf({
      model: "chat-fast",
      messages: [
        ...question,
        { role: "assistant", content: null, tool_calls: [call] },
        { role: "tool", tool_call_id: "c1", content: "a result of some words" },
      ],
    });
    expect(withResult.prompt_tokens).toBeGreaterThan(bare.prompt_tokens + 2 * 4 + 10);
  });
});
