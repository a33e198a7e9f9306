import type { z } from "zod";

/** The issue a form shows after a failed parse: the first one zod reports (a failure always has one). */
export function firstIssue(error: z.ZodError): { readonly path: readonly PropertyKey[]; readonly message: string } {
  return error.issues[0] ?? { path: [], message: error.message };
}
