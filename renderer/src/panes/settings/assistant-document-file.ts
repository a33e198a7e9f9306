import { documentFormatOf, DOCUMENT_SIGNATURE_BYTES, plainTextOf } from "../../../../shared/attachment-types.ts";
import { ASSISTANT_DOCUMENT_CHARS_MAX, type AssistantDocument } from "../../../../shared/ipc/assistants.ts";
import { DOCUMENT_ATTACHMENT_MAX_BYTES } from "../../../../shared/ipc/documents.ts";
import { ApiError, unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { errorText } from "../../components/app-text.ts";
import { base64Of } from "../chat/draft-attachments.ts";

/** Why a file cannot be an assistant's document: a key under `assistants.documentProblem`, or main's sentence. */
export type DocumentFileProblem = { readonly key: "type" | "tooLarge" } | { readonly said: string };

/**
 * A chosen file as an assistant's document: a PDF or Word document's text as main reads it (off its
 * main thread, the same as a message's), a text file's own text; told by the bytes, not the name.
 */
export async function assistantDocumentOf(file: File): Promise<AssistantDocument | DocumentFileProblem> {
  if (file.size > DOCUMENT_ATTACHMENT_MAX_BYTES) return { key: "tooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (documentFormatOf(bytes.subarray(0, DOCUMENT_SIGNATURE_BYTES)) !== null) {
    try {
      const read = await unwrap(api.documents.read({ name: file.name || "document", data: base64Of(bytes) }));
      return { name: file.name || "document", text: read.text, pages: read.pages };
    } catch (error) {
      return { said: error instanceof ApiError ? errorText(error.detail) : String(error) };
    }
  }
  const text = plainTextOf(bytes);
  if (text === null) return { key: "type" };
  if (text.length > ASSISTANT_DOCUMENT_CHARS_MAX) return { key: "tooLarge" };
  return { name: file.name || "document.txt", text, pages: null };
}
