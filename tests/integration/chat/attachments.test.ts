import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatSettings, ChatStreamData } from "../../../shared/ipc/chat.ts";
import type { StreamEvent } from "../../../shared/ipc/streams.ts";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { exportConversation } from "../../../electron/services/chat/chat-export.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../../support/local-gateway.ts";
import { startVariantServer, type VariantServer } from "../../support/variant-server.ts";
import { describedImage, PNG_BASE64, PNG_BYTES } from "../../support/sample-files.ts";

let gateway: TestGateway;
let variant: VariantServer;
let services: AppServices;
const dataDir = tempDir("app-");

beforeAll(async () => {
  gateway = await startTestGateway({
    models: [
      { code: "chat-fast", kind: "chat" },
      { code: "chat-text", kind: "chat", imageInput: false },
    ],
  });
  variant = await startVariantServer();
  services = await startServices(gateway.url, KEYS.main.key, dataDir);
});
afterAll(async () => {
  await services.close();
  await Promise.all([gateway.close(), variant.close()]);
});

const PIXEL = { name: "pixel.png", data: PNG_BASE64 };
const NOTES = { name: "notes.md", data: Buffer.from("# Notes\nThe answer is 42.\n").toString("base64") };
const RECEIVED_PIXEL = `I received 1 image: ${describedImage("image/png", PNG_BYTES)}.`;

function conversationWith(on: AppServices, settings: Partial<ChatSettings> = {}) {
  return on.conversations.create({ ...on.chat.defaultSettings(), ...settings }).id;
}

async function replyOf(received: { payload: unknown }[], streamId: string) {
  const events = await waitUntil(
    async () => received.map((entry) => entry.payload as StreamEvent).filter((event) => event.streamId === streamId),
    (list) => list.some((event) => event.kind === "done"),
  );
  return (events.at(-1)!.data as ChatStreamData["done"]).message;
}

describe("a question with files", () => {
  it.each(["chat-completions", "messages"] as const)(
    "in %s: the image reaches the server byte for byte, and the files stay with the question",
    async (wireFormat) => {
      const { page, received } = recordingPage();
      const id = conversationWith(services, { wireFormat });
      const run = await services.chat.send(page, id, "What is this?", false, [PIXEL, NOTES]);
      expect(run.userMessage.attachments).toMatchObject([
        { name: "pixel.png", kind: "image", mime: "image/png", bytes: PNG_BYTES.length },
        { name: "notes.md", kind: "text", mime: "text/plain" },
      ]);
      const reply = await replyOf(received, run.streamId);
      expect(reply.status).toBe("complete");
      expect(reply.content.startsWith(RECEIVED_PIXEL)).toBe(true);

      const [question] = services.conversations.detail(id).messages;
      const image = services.conversations.attachments.data(id, question!.attachments![0]!.id);
      expect(image.data).toBe(PNG_BASE64);
    },
  );

  it("a question of an image alone is sent, and named after it", async () => {
    const { page, received } = recordingPage();
    const id = conversationWith(services);
    const run = await services.chat.send(page, id, "", false, [PIXEL]);
    expect((await replyOf(received, run.streamId)).content.startsWith(RECEIVED_PIXEL)).toBe(true);
    expect(services.conversations.summary(id).title).toBe("pixel.png");
  });

  it("Regenerate sends the image again, and Edit keeps the question's files in its new version", async () => {
    const { page, received } = recordingPage();
    const id = conversationWith(services);
    const first = await services.chat.send(page, id, "What is this?", false, [PIXEL]);
    await replyOf(received, first.streamId);

    const again = services.chat.regenerate(page, id, false);
    expect((await replyOf(received, again.streamId)).content.startsWith(RECEIVED_PIXEL)).toBe(true);

    const edited = services.chat.edit(page, id, first.userMessage.id, "And now?", false);
    expect((await replyOf(received, edited.streamId)).content.startsWith(RECEIVED_PIXEL)).toBe(true);
    const [question] = services.conversations.detail(id).messages;
    expect(question).toMatchObject({ content: "And now?", versions: { index: 1 } });
    expect(question!.attachments).toMatchObject([{ name: "pixel.png", bytes: PNG_BYTES.length }]);
  });

  it("a file that is no image nor text is refused before anything is written", async () => {
    const { page } = recordingPage();
    const id = conversationWith(services);
    const binary = { name: "cat.png", data: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]).toString("base64") };
    await expect(services.chat.send(page, id, "Look", false, [binary])).rejects.toThrow(
      expect.objectContaining({ code: "ATTACHMENT_TYPE" }),
    );
    expect(services.conversations.detail(id).messages).toEqual([]);
  });

  it("a model the server's list says takes no images is refused before anything is written", async () => {
    await services.capabilities.ready(services.vault.activeId()!);
    const profileId = services.vault.activeId()!;
    expect(services.capabilities.get(profileId).imageInput).toEqual({ "chat-fast": "takes", "chat-text": "refuses" });
    const { page } = recordingPage();
    const id = conversationWith(services, { model: "chat-text" });
    await expect(services.chat.send(page, id, "What is this?", false, [PIXEL])).rejects.toThrow(
      expect.objectContaining({ code: "IMAGES_NOT_ACCEPTED" }),
    );
    expect(services.conversations.detail(id).messages).toEqual([]);
  });

  it("Markdown and JSON exports carry the files", async () => {
    const { page, received } = recordingPage();
    const id = conversationWith(services);
    await replyOf(received, (await services.chat.send(page, id, "Files", false, [PIXEL, NOTES])).streamId);
    const dataOf = (attachmentId: string) => services.conversations.attachments.data(id, attachmentId);
    const markdown = exportConversation(services.conversations.detail(id), "markdown", dataOf).content;
    expect(markdown).toContain(`![pixel.png](data:image/png;base64,${PNG_BASE64})`);
    expect(markdown).toContain("notes.md:\n\n```\n# Notes\nThe answer is 42.\n```");
    const json = JSON.parse(exportConversation(services.conversations.detail(id), "json", dataOf).content) as {
      messages: { attachments?: { name: string; data: string }[] }[];
    };
    expect(json.messages[0]!.attachments).toMatchObject([
      { name: "pixel.png", data: PNG_BASE64 },
      { name: "notes.md" },
    ]);
  });

  it("the files are still there after a restart", async () => {
    const id = conversationWith(services);
    const { page, received } = recordingPage();
    await replyOf(received, (await services.chat.send(page, id, "Keep this", false, [PIXEL])).streamId);
    await services.close();
    services = await startServices(gateway.url, KEYS.main.key, dataDir);
    const [question] = services.conversations.detail(id).messages;
    expect(question!.attachments).toMatchObject([{ name: "pixel.png" }]);
    expect(services.conversations.attachments.data(id, question!.attachments![0]!.id).data).toBe(PNG_BASE64);
  });
});

describe("a server that refuses images without saying so in its list", () => {
  it("the refusal is said plainly, remembered, and the next image is refused before sending", async () => {
    const other = await startServices(variant.url, "sk-variant-0001");
    try {
      const profileId = other.vault.activeId()!;
      const { page, received } = recordingPage();
      const id = conversationWith(other, { model: "text-only" });
      const reply = await replyOf(
        received,
        (await other.chat.send(page, id, "What is this?", false, [PIXEL])).streamId,
      );
      expect(reply).toMatchObject({ status: "error", error: { code: "IMAGES_NOT_ACCEPTED", status: 400 } });
      expect(reply.error!.message).toMatch(/^This model does not take images \(text-only\)/);
      expect(other.capabilities.get(profileId).imageInput).toMatchObject({ "text-only": "refuses" });

      const requests = variant.requests.length;
      await expect(other.chat.send(page, id, "And this?", false, [PIXEL])).rejects.toThrow(
        expect.objectContaining({ code: "IMAGES_NOT_ACCEPTED" }),
      );
      expect(variant.requests.length).toBe(requests);
    } finally {
      await other.close();
    }
  });
});
