import type { z } from "zod";

/** What a failed parse found wrong first: the field's dotted path ("" for the value itself) and why. */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const [issue] = error.issues;
  // zod reports at least one issue for every failure; the error's own message stands in otherwise.
  if (!issue) return { field: "", message: error.message };
  return { field: issue.path.map(String).join("."), message: issue.message };
}
