import { DocumentReader } from "../../../electron/services/documents/document-reader.ts";
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../shared/ipc/chat.ts";
import { DEFAULT_CHAT_SETTINGS } from "../../../shared/ipc/chat.ts";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_MAX,
  IMAGE_ATTACHMENT_MAX_BYTES,
  TEXT_ATTACHMENT_MAX_BYTES,
} from "../../../shared/ipc/attachments.ts";
import { ChatInputs } from "../../../shared/ipc/chat.ts";
import { acceptAttachments } from "../../../electron/services/chat/attachment-intake.ts";
import type { LoadedAttachment } from "../../../electron/services/chat/attachment-store.ts";
import {
  carriesImages,
  chatCompletionsRequest,
  historyOf,
  messagesRequest,
} from "../../../electron/services/chat/chat-request.ts";
import { JPEG_BYTES, PNG_BASE64, PNG_BYTES } from "../../support/sample-files.ts";
import { chatMessage } from "../../support/chat-message.ts";

const file = (name: string, kind: "image" | "text", mime: string, data: Uint8Array): LoadedAttachment => ({
  id: name,
  name,
  kind,
  mime,
  bytes: data.length,
  sha256: "",
  data,
  text: null,
});
const CODE = "const fence = '```';\nconsole.log(fence);\n";
const FILES: Record<string, LoadedAttachment[]> = {
  q1: [file("pixel.png", "image", "image/png", PNG_BYTES), file("fence.ts", "text", "text/plain", Buffer.from(CODE))],
};
const attachmentsOf = (id: string) => FILES[id] ?? [];

const message = (id: string, role: "user" | "assistant", content: string, withFiles = false): ChatMessage =>
  chatMessage({
    id,
    role,
    content,
    ...(withFiles ? { attachments: attachmentsOf(id).map(({ data: _data, ...rest }) => rest) } : {}),
  });
const HISTORY = [message("q1", "user", "What is this?", true), message("a1", "assistant", "A pixel.")];
const INLINED = "What is this?\n\nfence.ts:\n````ts\n" + CODE + "````";

describe("a question's files in the request", () => {
  it("chat completions: the text with text files fenced under their names, then image_url parts with data: URLs", () => {
    const request = chatCompletionsRequest(DEFAULT_CHAT_SETTINGS, HISTORY, attachmentsOf);
    expect(request.messages[0]).toEqual({
      role: "user",
      content: [
        { type: "text", text: INLINED },
        { type: "image_url", image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
      ],
    });
    expect(request.messages[1]).toEqual({ role: "assistant", content: "A pixel." });
  });

  it("messages format: image blocks with base64 sources, then the text", () => {
    const request = messagesRequest({ ...DEFAULT_CHAT_SETTINGS, wireFormat: "messages" }, HISTORY, attachmentsOf);
    expect(request.messages[0]!.content).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: PNG_BASE64 } },
      { type: "text", text: INLINED },
    ]);
  });

  it("a question of files alone is sent; web search and estimates take its text files as text", () => {
    const alone = [message("q1", "user", "", true)];
    expect(chatCompletionsRequest(DEFAULT_CHAT_SETTINGS, alone, attachmentsOf).messages).toHaveLength(1);
    expect(historyOf(alone, attachmentsOf)).toEqual([
      { role: "user", content: INLINED.replace("What is this?\n\n", "") },
    ]);
    expect(carriesImages(alone)).toBe(true);
    expect(carriesImages([message("a1", "assistant", "x")])).toBe(false);
  });
});

const input = (name: string, bytes: Uint8Array) => ({ name, data: Buffer.from(bytes).toString("base64") });

describe("files from the window are checked in main", () => {
  it("tells the type by the bytes, not the name", async () => {
    const [image, text] = await acceptAttachments(
      [input("notes.txt", JPEG_BYTES), input("photo.png", Buffer.from("héllo\n"))],
      new DocumentReader(),
    );
    expect(image).toMatchObject({ name: "notes.txt", kind: "image", mime: "image/jpeg" });
    expect(text).toMatchObject({ name: "photo.png", kind: "text", mime: "text/plain" });
  });

  it.each([
    ["binary that is no image", [input("cat.png", Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0, 1]))], "ATTACHMENT_TYPE"],
    ["text that is not UTF-8", [input("a.txt", Uint8Array.from([0xc3, 0x28]))], "ATTACHMENT_TYPE"],
    [
      "a text file over its limit",
      [input("big.txt", Buffer.alloc(TEXT_ATTACHMENT_MAX_BYTES + 1, 0x61))],
      "ATTACHMENT_TOO_LARGE",
    ],
    [
      "more files than a message takes",
      Array.from({ length: ATTACHMENTS_MAX + 1 }, () => input("a.txt", Buffer.from("a"))),
      "ATTACHMENTS_TOO_MANY",
    ],
    ["base64 that is not", [{ name: "a.png", data: "abc" }], "ATTACHMENT_UNREADABLE"],
  ])("refuses %s", async (_case, inputs, code) => {
    await expect(acceptAttachments(inputs, new DocumentReader())).rejects.toThrow(expect.objectContaining({ code }));
  });

  it("the IPC schema bounds each file and all of them before main decodes anything", () => {
    const send = (attachments: { name: string; data: string }[]) =>
      ChatInputs.send.safeParse({ conversationId: "c", content: "", searchWeb: false, attachments }).success;
    const image = { name: "a.png", data: Buffer.alloc(IMAGE_ATTACHMENT_MAX_BYTES).toString("base64") };
    const largest = { name: "a.pdf", data: Buffer.alloc(ATTACHMENT_MAX_BYTES).toString("base64") };
    expect(send([image, image])).toBe(true);
    expect(send([largest])).toBe(true);
    expect(send([{ ...largest, data: `${largest.data.replace(/=+$/, "")}AAAA` }])).toBe(false);
    expect(send([image, image, { name: "b.txt", data: "YQ==" }])).toBe(false);
    expect(send([{ name: "a.png", data: "not base64!" }])).toBe(false);
    expect(send([])).toBe(false);
  });
});
