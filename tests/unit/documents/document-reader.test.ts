import { describe, expect, it } from "vitest";
import { DOCUMENT_PAGES_READ_MAX } from "../../../shared/ipc/documents.ts";
import { DocumentReader } from "../../../electron/services/documents/document-reader.ts";
import { DAMAGED_PDF, samplePdf } from "../../support/sample-pdf.ts";
import { sampleDocx, zipOf } from "../../support/sample-docx.ts";

const reader = new DocumentReader();
let digest = 0;
const read = (format: "pdf" | "docx", bytes: Uint8Array, name = "file") =>
  reader.read(name, format, bytes, `test-${digest++}`);

describe("documents are read on a thread of their own", () => {
  it("gives a PDF's text page by page, each under its page number", async () => {
    const pdf = samplePdf(["First page\nits second line", "Second (page)", "Third page"]);
    await expect(read("pdf", pdf)).resolves.toEqual({
      format: "pdf",
      pages: 3,
      pagesRead: 3,
      text: "[Page 1]\nFirst page\nits second line\n\n[Page 2]\nSecond (page)\n\n[Page 3]\nThird page",
      cut: false,
    });
  });

  it("reads the first pages of a long PDF and says how many there were", async () => {
    const pages = Array.from({ length: DOCUMENT_PAGES_READ_MAX + 5 }, (_, index) => `Page text ${index + 1}`);
    const document = await read("pdf", samplePdf(pages));
    expect(document).toMatchObject({
      pages: DOCUMENT_PAGES_READ_MAX + 5,
      pagesRead: DOCUMENT_PAGES_READ_MAX,
      cut: false,
    });
    expect(document.text).toContain(`[Page ${DOCUMENT_PAGES_READ_MAX}]\nPage text ${DOCUMENT_PAGES_READ_MAX}`);
    expect(document.text).not.toContain(`Page text ${DOCUMENT_PAGES_READ_MAX + 1}`);
  });

  it("gives a Word document's paragraphs", async () => {
    await expect(read("docx", sampleDocx(["Hello Word", "A <tag> & more"]))).resolves.toEqual({
      format: "docx",
      pages: null,
      pagesRead: null,
      text: "Hello Word\n\nA <tag> & more",
      cut: false,
    });
  });

  it.each([
    ["a scan with no text layer", "pdf", samplePdf([null, null]), "DOCUMENT_NO_TEXT"],
    ["a PDF locked with a password", "pdf", samplePdf(["secret"], { encrypt: true }), "DOCUMENT_ENCRYPTED"],
    ["a damaged PDF", "pdf", DAMAGED_PDF, "DOCUMENT_DAMAGED"],
    ["an archive that is no Word document", "docx", zipOf({ "notes.txt": "hi" }), "DOCUMENT_NOT_WORD"],
    ["a Word document with no text", "docx", sampleDocx([]), "DOCUMENT_NO_TEXT"],
  ] as const)("refuses %s by name, with its own reason", async (_case, format, bytes, code) => {
    await expect(read(format, bytes, "report")).rejects.toMatchObject({
      code,
      text: { code, params: { name: "report" } },
    });
  });

  it("refuses an archive that unpacks past its bound without unpacking it whole", async () => {
    const bomb = zipOf({ "word/document.xml": new Uint8Array(80 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expect(read("docx", bomb)).rejects.toMatchObject({ code: "DOCUMENT_DAMAGED" });
  });

  it("ends a read that does not finish in time and goes on with the next", async () => {
    const stuck = new DocumentReader({
      limitMs: 200,
      workerUrl: new URL("./never-answers-worker.ts", import.meta.url),
    });
    await expect(stuck.read("loop.pdf", "pdf", samplePdf(["x"]), "a")).rejects.toMatchObject({
      code: "DOCUMENT_TOO_COMPLEX",
      text: { params: { name: "loop.pdf", seconds: 0 } },
    });
    await expect(stuck.read("next.pdf", "pdf", samplePdf(["x"]), "b")).rejects.toMatchObject({
      code: "DOCUMENT_TOO_COMPLEX",
    });
  });

  it("reads a document once: the same file again is answered from what was read", async () => {
    const pdf = samplePdf(["Once"]);
    const first = await reader.read("a.pdf", "pdf", pdf, "same-digest");
    const again = await reader.read("a.pdf", "pdf", new Uint8Array(), "same-digest");
    expect(again).toBe(first);
  });
});
