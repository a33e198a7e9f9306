import { z } from "zod";

/** The largest PDF or Word document attached: its text is read in main and sent inline. */
export const DOCUMENT_ATTACHMENT_MAX_BYTES = 8 * 1024 * 1024;
/** The pages of a PDF whose text is read; the rest are named as left out. */
export const DOCUMENT_PAGES_READ_MAX = 100;
/** The characters of a document's text that are sent; the rest are named as left out. */
export const DOCUMENT_CHARS_MAX = 100_000;

export const DOCUMENT_FORMATS = ["pdf", "docx"] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/** What a document's text is, as read: the text sent (pages marked) and what of the file it holds. */
export const DocumentTextSchema = z.object({
  format: z.enum(DOCUMENT_FORMATS),
  /** A PDF's page count; null for a Word document, which has no fixed pages. */
  pages: z.number().int().min(0).nullable(),
  /** How many of those pages were read (the first ones). */
  pagesRead: z.number().int().min(0).nullable(),
  /** The text sent, every page under its marker, cut at DOCUMENT_CHARS_MAX. */
  text: z.string(),
  /** Whether characters past DOCUMENT_CHARS_MAX were left out. */
  cut: z.boolean(),
});
export type DocumentText = z.infer<typeof DocumentTextSchema>;
