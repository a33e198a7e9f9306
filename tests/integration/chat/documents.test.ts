import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatStreamData } from "../../../shared/ipc/chat.ts";
import type { StreamEvent } from "../../../shared/ipc/streams.ts";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../../support/local-gateway.ts";
import { samplePdf } from "../../support/sample-pdf.ts";
import { sampleDocx } from "../../support/sample-docx.ts";

let gateway: TestGateway;
let services: AppServices;

beforeAll(async () => {
  gateway = await startTestGateway({ models: [{ code: "chat-fast", kind: "chat" }] });
  services = await startServices(gateway.url, KEYS.main.key, tempDir("app-"));
});
afterAll(async () => {
  await services.close();
  await gateway.close();
});

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const REPORT = { name: "report.pdf", data: base64(samplePdf(["Revenue grew.", "Costs fell.", "Outlook: fine."])) };
const MEMO = { name: "memo.docx", data: base64(sampleDocx(["To the team:", "Ship it on Friday."])) };

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

async function replyOf(received: { payload: unknown }[], streamId: string) {
  const events = await waitUntil(
    async () => received.map((entry) => entry.payload as StreamEvent).filter((event) => event.streamId === streamId),
    (list) => list.some((event) => event.kind === "done"),
  );
  return (events.at(-1)!.data as ChatStreamData["done"]).message;
}

describe("documents attached to a question", () => {
  it.each(["chat-completions", "messages"] as const)(
    "in %s: a three-page PDF and a Word document reach the server as text, whole, under their names",
    async (wireFormat) => {
      const { page, received } = recordingPage();
      const id = services.conversations.create({ ...services.chat.defaultSettings(), wireFormat }).id;
      const run = await services.chat.send(page, id, "Sum these up", false, [REPORT, MEMO]);
      expect(run.userMessage.attachments).toMatchObject([
        { name: "report.pdf", kind: "document", mime: "application/pdf", document: { pages: 3, pagesRead: 3 } },
        { name: "memo.docx", kind: "document", document: { pages: null, cut: false } },
      ]);
      const [pdfText = "", wordText = ""] = services.conversations.attachments
        .loaded(run.userMessage.id)
        .map((file) => file.text ?? "");
      expect(pdfText).toBe("[Page 1]\nRevenue grew.\n\n[Page 2]\nCosts fell.\n\n[Page 3]\nOutlook: fine.");
      expect(wordText).toBe("To the team:\n\nShip it on Friday.");
      const reply = await replyOf(received, run.streamId);
      expect(reply.status).toBe("complete");
      expect(reply.content.split("\n")[0]).toBe(
        `I received 2 files as text: "report.pdf" (PDF, 3 pages), ${pdfText.length} characters, sha256 ${digest(pdfText)}…, begins "[Page 1] Revenue grew. [Page 2] Costs fe…"; ` +
          `"memo.docx" (Word document), ${wordText.length} characters, sha256 ${digest(wordText)}…, begins "To the team: Ship it on Friday.".`,
      );
    },
  );

  it("refuses a scanned PDF before anything is written, naming the file", async () => {
    const { page } = recordingPage();
    const id = services.conversations.create(services.chat.defaultSettings()).id;
    const scan = { name: "scan.pdf", data: base64(samplePdf([null])) };
    await expect(services.chat.send(page, id, "Read", false, [scan])).rejects.toMatchObject({
      code: "DOCUMENT_NO_TEXT",
      text: { params: { name: "scan.pdf" } },
    });
    expect(services.conversations.detail(id).messages).toEqual([]);
  });
});
