import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../../electron/services/app-services.ts";
import type { ChatMessage, ChatStreamData, ChatSettings } from "../../../shared/ipc/chat.ts";
import type { StreamEvent } from "../../../shared/ipc/streams.ts";
import { startServices } from "../../support/services-fixture.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { waitUntil } from "../../support/local-gateway.ts";
import { startVariantServer, VARIANT_REPLY, type VariantServer } from "../../support/variant-server.ts";

let server: VariantServer;
let services: AppServices;

beforeAll(async () => {
  server = await startVariantServer();
  services = await startServices(server.url, "sk-variant-0000-0001");
});
afterAll(async () => {
  await services.close();
  await server.close();
});

/** One reply through the chat service, as the window would get it. */
async function reply(model: string, settings: Partial<ChatSettings> = {}): Promise<ChatMessage> {
  const { page, received } = recordingPage();
  const conversation = services.conversations.create({ ...services.chat.defaultSettings(), model, ...settings });
  const run = await services.chat.send(page, conversation.id, "Hello?", false);
  const events = await waitUntil(
    async () =>
      received.map((entry) => entry.payload as StreamEvent).filter((event) => event.streamId === run.streamId),
    (list) => list.some((event) => event.kind === "done"),
  );
  return (events.at(-1)!.data as ChatStreamData["done"]).message;
}

describe("chat against an OpenAI-compatible server that is not our gateway", () => {
  it("takes a whole answer without id, created or usage, and counts the tokens itself (≈)", async () => {
    const message = await reply("plain", { stream: false });
    expect(message).toMatchObject({ status: "complete", content: VARIANT_REPLY, error: null });
    expect(message.meta).toMatchObject({ finish: "finished", tokensEstimated: true });
    expect(message.meta!.outputTokens).toBeGreaterThan(5);
    expect(message.meta!.inputTokens).toBeGreaterThan(3);
  });

  it("streams chunks without ids and with unknown fields, and no usage at all", async () => {
    const message = await reply("plain");
    expect(message).toMatchObject({ status: "complete", content: VARIANT_REPLY });
    expect(message.meta).toMatchObject({ tokensEstimated: true });
  });

  it("reads usage that comes only in a final chunk without choices", async () => {
    const message = await reply("usage-last");
    expect(message).toMatchObject({ status: "complete", content: VARIANT_REPLY });
    expect(message.meta).toMatchObject({ inputTokens: 11, outputTokens: 13, finish: "finished" });
    expect(message.meta!.tokensEstimated).toBeFalsy();
  });

  it("ends the reply with the server's message when it sends an error inside the stream", async () => {
    const message = await reply("stream-error");
    expect(message.status).toBe("error");
    expect(message.error).toMatchObject({ code: "upstream_crash", message: "The upstream model crashed mid-answer." });
    expect(message.content.length).toBeGreaterThan(0);
  });

  it("keeps the code, message and request id of OpenAI-style and Anthropic-style error bodies", async () => {
    const unauthorized = await reply("unauthorized");
    expect(unauthorized.error).toMatchObject({
      code: "invalid_api_key",
      message: "Incorrect API key provided: sk-****.",
      status: 401,
      requestId: expect.stringMatching(/^vr-/),
    });
    const overloaded = await reply("anthropic-error");
    expect(overloaded.error).toMatchObject({ code: "overloaded_error", message: "Overloaded", status: 529 });
  });

  it("shows a proxy's HTML error page as one line of text", async () => {
    const message = await reply("html-error");
    expect(message.error).toMatchObject({ code: "HTTP_502", message: "502 Bad Gateway nginx", status: 502 });
    expect(message.error!.requestId).toBeUndefined();
  });
});
