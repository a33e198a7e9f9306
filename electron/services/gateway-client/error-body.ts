import { z } from "zod";

/**
 * The error shapes servers send: the spec's `{error:{code,message,request_id}}`, OpenAI's
 * `{error:{message,type,code,param}}` (code may be null) and Anthropic's
 * `{type:"error",error:{type,message}}`; some put a bare string in `error`.
 */
const ErrorObjectSchema = z.looseObject({
  code: z.union([z.string(), z.number()]).nullish(),
  type: z.string().nullish(),
  message: z.string().nullish(),
  request_id: z.string().nullish(),
});
const ErrorBodySchema = z.looseObject({
  error: z.union([ErrorObjectSchema, z.string()]),
  request_id: z.string().nullish(),
  message: z.string().nullish(),
});

export interface ServerError {
  readonly code: string | null;
  readonly message: string | null;
  readonly requestId: string | null;
}

/** What an error body says, or null when it is not one of the known shapes. */
export function serverErrorOf(body: unknown): ServerError | null {
  // Every stream chunk is asked: a failed parse builds its issues, which costs more than the chunk itself.
  if (typeof body !== "object" || body === null || !("error" in body)) return null;
  const parsed = ErrorBodySchema.safeParse(body);
  if (!parsed.success) return null;
  const { error } = parsed.data;
  if (typeof error === "string") return { code: null, message: error, requestId: parsed.data.request_id ?? null };
  const code = error.code ?? error.type;
  return {
    code: code === null || code === undefined || code === "" ? null : String(code),
    message: error.message ?? parsed.data.message ?? null,
    requestId: error.request_id ?? parsed.data.request_id ?? null,
  };
}

/** A short, single-line excerpt of a body that is not JSON (an HTML error page, a proxy's text). */
export function excerptOf(text: string): string | null {
  const line = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (line === "") return null;
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
