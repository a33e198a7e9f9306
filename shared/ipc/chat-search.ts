import { z } from "zod";
import { ConversationSummarySchema } from "./chat.ts";

/** A search lists at most this many conversations: those with the most recent matches. */
export const SEARCH_RESULTS_MAX = 50;

export const ChatSearchInputSchema = z.object({ query: z.string().trim().min(1).max(500) });

/** A stretch of a text, `[start, end)` in UTF-16 code units. */
const TextRangeSchema = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type TextRange = z.infer<typeof TextRangeSchema>;

/** The message a search found its words in: the text around the first match, and where each match is in it. */
const FoundMessageSchema = z.object({
  messageId: z.string(),
  /** Plain text on one line, with … where the message goes on. */
  snippet: z.string(),
  marks: z.array(TextRangeSchema),
});
export type FoundMessage = z.infer<typeof FoundMessageSchema>;

/** A conversation a search matched: by its title or profile (`found` null), or by a message's text. */
const ConversationHitSchema = z.object({
  conversation: ConversationSummarySchema,
  /** Where the title holds the query. */
  titleMarks: z.array(TextRangeSchema),
  found: FoundMessageSchema.nullable(),
});
export type ConversationHit = z.infer<typeof ConversationHitSchema>;

/** Newest first; `more`: other conversations match too, past `SEARCH_RESULTS_MAX`. */
export const ChatSearchSchema = z.object({ hits: z.array(ConversationHitSchema), more: z.boolean() });
export type ChatSearch = z.infer<typeof ChatSearchSchema>;
