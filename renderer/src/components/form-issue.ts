import type { z } from "zod";
import { issueText } from "./app-text.ts";

/**
 * The issue a form shows after a failed parse: the first one zod reports (a failure always has
 * one), with its path as zod gives it and its message in the app's language.
 */
export function formIssue(error: z.ZodError): { readonly path: readonly PropertyKey[]; readonly message: string } {
  const [issue] = error.issues;
  return issue ? { path: issue.path, message: issueText(issue) } : { path: [], message: error.message };
}
