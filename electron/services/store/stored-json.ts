import type { z } from "zod";

/**
 * JSON this app wrote, read back through its schema. A value that parses but no longer fits (an
 * older version wrote it, or it was damaged) reads as `fallback`, so one odd row cannot break a list.
 */
export function readStoredJson<T, F>(text: string, schema: z.ZodType<T>, fallback: F): T | F {
  const parsed = schema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : fallback;
}

/** A nullable column of such JSON: null when it is empty or no longer fits. */
export function readStoredColumn<T>(text: string | null | undefined, schema: z.ZodType<T>): T | null {
  return text ? readStoredJson(text, schema, null) : null;
}
