import type { DocumentFormat, DocumentText } from "../../../shared/ipc/documents.ts";

/** What the document worker is given. */
export interface DocumentJob {
  readonly format: DocumentFormat;
  readonly bytes: Uint8Array;
}

/** Why a document gives no text: each is said to the user in its own words. */
export type DocumentProblem = "noText" | "encrypted" | "damaged" | "notWord";

export type DocumentReply = { ok: true; document: DocumentText } | { ok: false; problem: DocumentProblem };
