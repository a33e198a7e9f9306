import { createHash } from "node:crypto";
import type { ConversationTurn } from "./reply-writer.ts";

/**
 * A file a client put in its message as text: a name line (a document's kind and pages in
 * brackets), then the file's text in a fence longer than any backtick run inside it.
 */
const FILE_BLOCK = /^([^\n]+?)(?: \(([^)\n]*)\))?:\n(`{3,})[^\n`]*\n([\s\S]*?)\n\3$/gm;
const QUOTE_CHARS = 40;

interface ReceivedFile {
  readonly name: string;
  readonly note: string | null;
  readonly text: string;
}

/**
 * The files of the system prompt (an assistant's documents, sent with every question) and of the
 * last user message, in order; files of earlier questions are not told again.
 */
export function receivedFiles(turns: readonly ConversationTurn[]): ReceivedFile[] {
  const last = turns.findLast((turn) => turn.role === "user");
  const carrying = [...turns.filter((turn) => turn.role === "system"), ...(last ? [last] : [])];
  return carrying.flatMap((turn) =>
    [...turn.content.matchAll(FILE_BLOCK)].map(([, name = "", note, , text = ""]) => ({
      name,
      note: note ?? null,
      text,
    })),
  );
}

const quoted = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return [...flat].length > QUOTE_CHARS ? `${[...flat].slice(0, QUOTE_CHARS).join("")}…` : flat;
};

/**
 * The reply's first line, so a client can check each file's text arrived whole: its name, what
 * its heading said, its characters (code points), the SHA-256 of its UTF-8 text and how it begins.
 */
export function describeFiles(files: readonly ReceivedFile[]): string {
  const each = files.map((file) => {
    const sha256 = createHash("sha256").update(file.text).digest("hex");
    const note = file.note === null ? "" : ` (${file.note})`;
    return `"${file.name}"${note}, ${[...file.text].length} characters, sha256 ${sha256.slice(0, 16)}…, begins "${quoted(file.text)}"`;
  });
  return `I received ${files.length} file${files.length === 1 ? "" : "s"} as text: ${each.join("; ")}.`;
}
