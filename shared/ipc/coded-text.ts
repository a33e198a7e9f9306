import { z } from "zod";

/** The values a coded sentence is filled with. */
const TextParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type TextParams = z.infer<typeof TextParamsSchema>;

/**
 * A sentence of the app's own, sent as a code and its values so the window says it in its
 * language. `cause`: another such sentence it quotes, e.g. why a download failed inside why a
 * task failed.
 */
export interface CodedText {
  readonly code: string;
  readonly params: TextParams;
  readonly cause?: CodedText | undefined;
}

export const CodedTextSchema: z.ZodType<CodedText> = z.lazy(() =>
  z.object({ code: z.string().max(100), params: TextParamsSchema, cause: CodedTextSchema.optional() }),
);
