import type { z } from "zod";
import { invalidParams } from "./http-error.ts";

/** Validates a request body; the 400 names the first offending field and its allowed range. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
    throw invalidParams("The request body must be a JSON object.");
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join(".");
  const leadingField = field.split(".")[0] ?? "";
  const message = field === "" || issue.message.startsWith(leadingField) ? issue.message : `${field}: ${issue.message}`;
  throw invalidParams(message);
}
