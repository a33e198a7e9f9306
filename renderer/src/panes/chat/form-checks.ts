import type { z } from "zod";
import { issueText } from "../../components/app-text.ts";

/** A number typed into a field; an empty field is no number, which the schema then names. */
export const typedNumber = (text: string): number => (text.trim() === "" ? Number.NaN : Number(text));

/** The first problem of each field a form's schema refused, by field name, in the app's language. */
export function problemsByField(error: z.ZodError): ReadonlyMap<string, string> {
  const found = new Map<string, string>();
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!found.has(field)) found.set(field, issueText(issue));
  }
  return found;
}
