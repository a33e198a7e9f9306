import { Worker } from "node:worker_threads";
import type { DocumentFormat, DocumentText } from "../../../shared/ipc/documents.ts";
import type { TextCode } from "../../../shared/text/app-texts.ts";
import { appError } from "../app-error.ts";
import type { DocumentJob, DocumentProblem, DocumentReply } from "./document-job.ts";

// The build emits the worker as a file of its own and rewrites this URL to it (vite.config.ts).
const WORKER_URL = new URL("./document-worker.ts", import.meta.url);

/** How long one document may take to read, and how much memory its thread may hold. */
export const READ_LIMIT_MS = 30_000;
const HEAP_LIMIT_MB = 512;
/** Documents read lately, by digest: the one read to show its estimate is sent without reading it again. */
const RECENT_MAX = 8;

const PROBLEM_CODES: Record<DocumentProblem, TextCode> = {
  noText: "DOCUMENT_NO_TEXT",
  encrypted: "DOCUMENT_ENCRYPTED",
  damaged: "DOCUMENT_DAMAGED",
  notWord: "DOCUMENT_NOT_WORD",
};

interface ReaderOptions {
  readonly limitMs?: number;
  /** The worker's module: the document worker unless a test stands in for it. */
  readonly workerUrl?: URL;
}

/**
 * Reads the text of PDF and Word documents, one at a time, each on a worker thread of its own that
 * is ended after it: a file that takes longer than the limit, or more memory, is refused by name.
 */
export class DocumentReader {
  private readonly limitMs: number;
  private readonly workerUrl: URL;
  private readonly recent = new Map<string, DocumentText>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor({ limitMs = READ_LIMIT_MS, workerUrl = WORKER_URL }: ReaderOptions = {}) {
    this.limitMs = limitMs;
    this.workerUrl = workerUrl;
  }

  read(name: string, format: DocumentFormat, bytes: Uint8Array, sha256: string): Promise<DocumentText> {
    const known = this.recent.get(sha256);
    if (known) return Promise.resolve(known);
    const result = this.queue.then(() => this.readOnThread(name, { format, bytes }));
    this.queue = result.catch(() => undefined);
    return result.then((document) => {
      this.recent.delete(sha256);
      this.recent.set(sha256, document);
      if (this.recent.size > RECENT_MAX) this.recent.delete(this.recent.keys().next().value ?? "");
      return document;
    });
  }

  private readOnThread(name: string, job: DocumentJob): Promise<DocumentText> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(this.workerUrl, {
        workerData: job,
        resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
      });
      const seconds = Math.round(this.limitMs / 1000);
      const end = (settle: () => void) => {
        clearTimeout(timer);
        worker.removeAllListeners();
        void worker.terminate();
        settle();
      };
      const timer = setTimeout(
        () => end(() => reject(appError("DOCUMENT_TOO_COMPLEX", { name, seconds }))),
        this.limitMs,
      );
      worker.on("message", (reply: DocumentReply) =>
        end(() => (reply.ok ? resolve(reply.document) : reject(appError(PROBLEM_CODES[reply.problem], { name })))),
      );
      worker.on("error", () => end(() => reject(appError("DOCUMENT_TOO_COMPLEX", { name, seconds }))));
      worker.on("exit", () => end(() => reject(appError("DOCUMENT_DAMAGED", { name }))));
    });
  }
}
