import fc from "fast-check";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { describeFiles, receivedFiles } from "../../../electron/local-gateway/text/received-files.ts";
import { withInlinedFiles } from "../../../electron/services/chat/attachment-content.ts";
import type { LoadedAttachment } from "../../../electron/services/chat/attachment-store.ts";

const documentFile = (name: string, text: string, pages: number): LoadedAttachment => ({
  id: name,
  name,
  kind: "document",
  mime: "application/pdf",
  bytes: 1,
  sha256: "",
  data: new Uint8Array(),
  text,
  document: { chars: text.length, pages, pagesRead: pages, cut: false },
});

describe("the local gateway reads the files a message carries as text", () => {
  it("gets back every document's text whole, whatever backticks or headings it holds", () => {
    const line = fc.string({ unit: fc.constantFrom("a", "`", "\n", " ", ":", "(", ")", "é", "😀"), maxLength: 60 });
    fc.assert(
      fc.property(line, fc.array(line, { minLength: 1, maxLength: 3 }), (question, texts) => {
        const bodies = texts.map((text) => `x${text}`.replace(/\n+$/, ""));
        const files = bodies.map((text, index) => documentFile(`doc${index}.pdf`, text, index + 1));
        const received = receivedFiles([{ role: "user", content: withInlinedFiles(question, files) }]);
        expect(received.slice(-bodies.length).map((file) => file.text)).toEqual(bodies);
        expect(received.slice(-bodies.length).map((file) => file.name)).toEqual(files.map((file) => file.name));
      }),
      { seed: 46, numRuns: 300 },
    );
  });

  it("says each file's name, heading, characters, digest and first words", () => {
    const text = "[Page 1]\nHello 😀";
    const content = withInlinedFiles("Read this", [documentFile("r.pdf", text, 1)]);
    const sha = createHash("sha256").update(text).digest("hex").slice(0, 16);
    expect(describeFiles(receivedFiles([{ role: "user", content }]))).toBe(
      `I received 1 file as text: "r.pdf" (PDF, 1 page), 16 characters, sha256 ${sha}…, begins "[Page 1] Hello 😀".`,
    );
  });

  it("reads the system prompt's files (an assistant's documents) and the last question's", () => {
    const system = withInlinedFiles("Be brief.", [documentFile("guide.pdf", "Rules", 1)]);
    const question = withInlinedFiles("Check", [documentFile("draft.pdf", "Draft", 1)]);
    const files = receivedFiles([
      { role: "system", content: system },
      { role: "user", content: question },
    ]);
    expect(files.map((file) => file.name)).toEqual(["guide.pdf", "draft.pdf"]);
  });

  it("reads only the last question: files sent earlier are not reported again", () => {
    const earlier = withInlinedFiles("", [documentFile("old.pdf", "old", 1)]);
    expect(
      receivedFiles([
        { role: "user", content: earlier },
        { role: "assistant", content: "ok" },
        { role: "user", content: "And now?" },
      ]),
    ).toEqual([]);
  });
});
