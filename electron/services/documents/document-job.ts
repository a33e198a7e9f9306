import { z } from "zod";
import { DOCUMENT_FORMATS, type DocumentText } from "../../../shared/ipc/documents.ts";

/** What the document worker is given; parsed there, as a thread receives it untyped. */
export const DocumentJobSchema = z.object({
  format: z.enum(DOCUMENT_FORMATS),
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
});
export type DocumentJob = z.infer<typeof DocumentJobSchema>;

/** Why a document gives no text: each is said to the user in its own words. */
export type DocumentProblem = "noText" | "encrypted" | "damaged" | "notWord";

export type DocumentReply = { ok: true; document: DocumentText } | { ok: false; problem: DocumentProblem };
