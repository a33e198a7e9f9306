import type { z } from "zod";
import { invalidParams } from "./http-error.ts";
import { firstIssue } from "../../shared/first-issue.ts";

/** Validates a request body; the 400 names the first offending field and its allowed range. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
    throw invalidParams("The request body must be a JSON object.");
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = firstIssue(result.error);
  const leadingField = issue.field.split(".")[0] ?? "";
  throw invalidParams(
    issue.field === "" || issue.message.startsWith(leadingField) ? issue.message : `${issue.field}: ${issue.message}`,
  );
}
