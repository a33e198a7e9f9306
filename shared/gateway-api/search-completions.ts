import { z } from "zod";
import { ChatMessageSchema, TextCompletionSchema } from "./chat-completions.ts";

export const SearchCompletionRequestSchema = z.object({
  model: z.string({ error: "model is required" }).min(1, "model is required"),
  messages: z.array(ChatMessageSchema, { error: "messages must be an array" }).min(1, "messages must not be empty"),
  stream: z.boolean({ error: "stream must be a boolean" }).optional(),
});
export type SearchCompletionRequest = z.infer<typeof SearchCompletionRequestSchema>;

export const SearchResultSchema = z.object({ title: z.string(), url: z.string(), snippet: z.string() });
export type SearchResult = z.infer<typeof SearchResultSchema>;

/** `[n]` in the answer refers to `citations[n-1]` and `search_results[n-1]`. */
const SourcesSchema = z.object({
  citations: z.array(z.string()),
  search_results: z.array(SearchResultSchema),
});

export const SearchCompletionSchema = TextCompletionSchema.extend(SourcesSchema.shape);
