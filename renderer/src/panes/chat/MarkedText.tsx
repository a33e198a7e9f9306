import type { TextRange } from "../../../../shared/ipc/chat-search.ts";
import { markedParts } from "../../../../shared/text-matches.ts";

/** A text with the places a search matched in `<mark>`: drawn as text, whatever characters it holds. */
export function MarkedText({ text, marks }: { text: string; marks: readonly TextRange[] }) {
  return markedParts(text, marks).map((part, index) =>
    part.marked ? <mark key={index}>{part.text}</mark> : part.text,
  );
}
