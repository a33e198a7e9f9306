import { isPlainObject } from "../../../shared/plain-object.ts";
import type { LenientChatChunk } from "./lenient-schemas.ts";

/** Fields of a chunk that only the lenient schema reads. */
const SCHEMA_FIELDS = ["usage", "citations", "search_results"];

/**
 * The chunk nearly every token of a reply comes in: one choice whose delta holds text (or nothing),
 * without usage, sources or tool calls. A reply is thousands of them, so this shape is read here,
 * as `LenientChatChunkSchema` reads it, in a fraction of its time; null for any other chunk, which
 * the schema reads.
 */
export function textChunk(data: unknown): LenientChatChunk | null {
  if (!isPlainObject(data) || SCHEMA_FIELDS.some((field) => field in data)) return null;
  const { choices } = data;
  if (!Array.isArray(choices) || choices.length !== 1) return null;
  const [choice]: unknown[] = choices;
  if (!isPlainObject(choice) || !isPlainObject(choice.delta) || "tool_calls" in choice.delta) return null;
  const { content } = choice.delta;
  const finish = choice.finish_reason;
  if (content != null && typeof content !== "string") return null;
  if (finish != null && typeof finish !== "string") return null;
  return { choices: [{ delta: { content }, finish_reason: finish }] };
}
