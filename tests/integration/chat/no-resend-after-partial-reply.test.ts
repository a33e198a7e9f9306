import { afterAll, beforeAll, expect, it } from "vitest";
import type { ChatStreamData } from "../../../shared/ipc/chat.ts";
import type { StreamEvent } from "../../../shared/ipc/streams.ts";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { ChatService } from "../../../electron/services/chat/chat-service.ts";
import { ReplyProducer } from "../../../electron/services/chat/reply-producer.ts";
import { GatewayClient } from "../../../electron/services/gateway-client/gateway-client.ts";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
let services: AppServices;

beforeAll(async () => {
  gateway = await startTestGateway();
  services = await startServices(gateway.url, KEYS.main.key);
});
afterAll(async () => {
  await services.close();
  await gateway.close();
});

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/**
 * A gateway whose stream delivers part of the reply, then fails with a 429 (with a Retry-After of
 * zero, so a resend would be immediate): each request is counted.
 */
function partlyDeliveredThenRateLimited(requests: string[]): typeof fetch {
  return async (input) => {
    requests.push(String(input));
    const encoder = new TextEncoder();
    return new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode(chunk("Half of ")));
          controller.enqueue(encoder.encode(chunk("the answer")));
        },
        pull(controller) {
          controller.error(
            new GatewayError({ code: "RATE_LIMIT", message: "Too many requests.", status: 429, retryAfter: 0 }),
          );
        },
      }),
      { headers: { "content-type": "text/event-stream", "x-request-id": "req_partial" } },
    );
  };
}

it("never sends a chat request again once part of its reply has arrived, even after a 429: the reply would start over and be paid twice", async () => {
  const requests: string[] = [];
  const credentials = { baseUrl: "http://gateway.test", auth: "bearer" as const, key: "sk-partial-0001" };
  const client = new GatewayClient(credentials, { fetch: partlyDeliveredThenRateLimited(requests) });
  const capabilitiesOf = (profileId: string) => services.capabilities.get(profileId);
  const replies = new ReplyProducer(
    services.conversations,
    services.streams,
    services.vault,
    () => client,
    capabilitiesOf,
  );
  const chat = new ChatService(services.conversations, services.vault, capabilitiesOf, replies, services.documents);
  const { page, received } = recordingPage();
  const conversation = services.conversations.create(chat.defaultSettings());
  const run = await chat.send(page, conversation.id, "A question", false);
  const events = await waitUntil(
    async () => received.map((entry) => entry.payload as StreamEvent).filter((e) => e.streamId === run.streamId),
    (list) => list.some((event) => event.kind === "done"),
  );
  const done = (events.at(-1)!.data as ChatStreamData["done"]).message;
  expect(requests).toHaveLength(1);
  expect(events.some((event) => event.kind === "error" && (event.data as { retrying: boolean }).retrying)).toBe(false);
  expect(done.content).toBe("Half of the answer");
});
