import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

const schema = { type: "object", properties: {} };
const chatBody = (content: string) => ({
  model: "chat-fast",
  tools: [{ type: "function", function: { name: "lookup", parameters: schema } }],
  messages: [{ role: "user", content }],
});
const messagesBody = (content: string) => ({
  model: "chat-fast",
  max_tokens: 100_000,
  tools: [{ name: "lookup", input_schema: schema }],
  messages: [{ role: "user", content }],
});

/** What the tests read of a chunk of either format's stream. */
interface StreamData {
  readonly choices?: readonly { delta: { tool_calls?: readonly { function?: { arguments?: string } }[] } }[];
  readonly delta?: { type: string; partial_json?: string };
}

/** The `data:` payloads of an SSE answer, parsed (the chat stream's `[DONE]` left out). */
async function events(response: Response): Promise<StreamData[]> {
  const text = await response.text();
  return text
    .trim()
    .split("\n\n")
    .map((block) =>
      block
        .split("\n")
        .find((line) => line.startsWith("data: "))!
        .slice("data: ".length),
    )
    .filter((data) => data !== "[DONE]")
    .map((data) => JSON.parse(data));
}

/** The call's arguments each way a client can get them: whole and reassembled from the stream's pieces. */
async function argumentsOfCalls(content: string): Promise<unknown[]> {
  const post = async (path: string, body: object) => {
    const response = await gateway.call(path, { body });
    expect(response.status).toBe(200);
    return response;
  };
  const chat = await (await post("/v1/chat/completions", chatBody(content))).json();
  const chatChunks = await events(await post("/v1/chat/completions", { ...chatBody(content), stream: true }));
  const chatPieces = chatChunks.flatMap((chunk) =>
    (chunk.choices ?? []).map((choice) => choice.delta.tool_calls?.[0]?.function?.arguments ?? ""),
  );
  const message = await (await post("/v1/messages", messagesBody(content))).json();
  const messageEvents = await events(await post("/v1/messages", { ...messagesBody(content), stream: true }));
  const messagePieces = messageEvents.flatMap((event) =>
    event.delta?.type === "input_json_delta" ? [event.delta.partial_json!] : [],
  );
  return [
    JSON.parse(chat.choices[0].message.tool_calls[0].function.arguments),
    JSON.parse(chatPieces.join("")),
    message.content.find((block: { type: string }) => block.type === "tool_use").input,
    JSON.parse(messagePieces.join("")),
  ];
}

describe("the local gateway's tool arguments", () => {
  it("are any JSON object written in the message, exactly, in both formats, whole and streamed", async () => {
    // Braces, quotes and backslashes often, so strings that look like the object's end are tried.
    const unit = fc.oneof(
      fc.constantFrom("{", "}", '"', "\\", "\n"),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    );
    const object = fc.dictionary(fc.string({ unit, maxLength: 8 }), fc.jsonValue({ maxDepth: 3, stringUnit: unit }), {
      maxKeys: 6,
    });
    await fc.assert(
      fc.asyncProperty(object, fc.string({ unit: "grapheme-ascii", maxLength: 20 }), async (input, words) => {
        const written = JSON.stringify(input);
        const before = words.replace(/[{}]/g, "");
        const calls = await argumentsOfCalls(`Use lookup ${before} with ${written} please`);
        const expected = JSON.parse(written);
        for (const call of calls) expect(call).toEqual(expected);
      }),
      { seed: 47, numRuns: 60 },
    );
  });
});
