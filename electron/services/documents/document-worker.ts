import { parentPort, workerData } from "node:worker_threads";
import mammoth from "mammoth";
import { getDocumentProxy } from "unpdf";
import { DOCUMENT_PAGES_READ_MAX, type DocumentFormat } from "../../../shared/ipc/documents.ts";
import { documentBody, NoTextError } from "./document-body.ts";
import { DocumentJobSchema, type DocumentProblem, type DocumentReply } from "./document-job.ts";
import { checkZipBounds, ZipBoundsError } from "./zip-bounds.ts";

/**
 * One document read on a thread of its own (started per document and ended after it), so a
 * crafted file that loops or swells stops at the reader's time and memory limits, never the app.
 */
const port = parentPort;
if (!port) throw new Error("document-worker.ts runs only as a worker thread");
const job = DocumentJobSchema.parse(workerData);

async function pdfPages(bytes: Uint8Array): Promise<{ texts: string[]; pages: number }> {
  const pdf = await getDocumentProxy(bytes, {
    isEvalSupported: false,
    useSystemFonts: false,
    stopAtErrors: false,
    // Errors only: a damaged file is told to the user, not logged page by page.
    verbosity: 0,
  });
  const texts: string[] = [];
  for (let number = 1; number <= Math.min(pdf.numPages, DOCUMENT_PAGES_READ_MAX); number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
  }
  return { texts, pages: pdf.numPages };
}

async function wordText(bytes: Uint8Array): Promise<string> {
  checkZipBounds(bytes);
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}

function problemOf(format: DocumentFormat, error: unknown): DocumentProblem {
  const name = error instanceof Error ? error.name : "";
  if (error instanceof NoTextError) return "noText";
  if (name === "PasswordException") return "encrypted";
  if (error instanceof ZipBoundsError) return "damaged";
  if (format === "docx" && /main document part|valid \.docx|find file/i.test(String(error))) return "notWord";
  return "damaged";
}

async function read(): Promise<DocumentReply> {
  try {
    if (job.format === "pdf") {
      const { texts, pages } = await pdfPages(job.bytes);
      return { ok: true, document: documentBody("pdf", texts, pages) };
    }
    return { ok: true, document: documentBody("docx", [await wordText(job.bytes)], null) };
  } catch (error) {
    return { ok: false, problem: problemOf(job.format, error) };
  }
}

port.postMessage(await read());
