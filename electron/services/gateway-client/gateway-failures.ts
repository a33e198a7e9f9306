/** Every way a gateway call can fail, read into a GatewayError: error answers, errors inside streams, no answer at all. */
import { z } from "zod";
import { firstIssue } from "../../../shared/first-issue.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { featureOf, isMissingEndpoint } from "./endpoint-features.ts";
import type { AnswerLimits } from "./answer-limits.ts";
import { readBoundedText } from "./bounded-body.ts";
import { excerptOf, serverErrorOf, type ServerError } from "./error-body.ts";
import { GatewayError } from "./gateway-error.ts";
import { responseMeta, retryAfterSeconds, type ResponseMeta } from "./response-meta.ts";

/** Code, message and request id as the server said them, whichever error shape it uses. */
export async function errorOf(response: Response, path: string, limits: AnswerLimits): Promise<GatewayError> {
  const meta = responseMeta(response);
  const bounds = { maxBytes: limits.errorBodyBytes, timeoutMs: limits.bodyTimeoutMs, truncate: true };
  const text = await readBoundedText(response, bounds).catch(() => "");
  let server: ServerError | null;
  try {
    server = serverErrorOf(JSON.parse(text));
  } catch {
    server = null;
  }
  const missing = featureOf(path) !== null && isMissingEndpoint(response.status, server?.code ?? null);
  const serverWords = missing ? null : (server?.message ?? (server ? null : excerptOf(text)));
  return new GatewayError({
    code: missing
      ? "NOT_OFFERED"
      : (server?.code ?? (response.status === 429 ? "RATE_LIMIT" : `HTTP_${response.status}`)),
    ...(serverWords !== null
      ? { message: serverWords }
      : {
          text: missing
            ? codedText("NOT_OFFERED", { path })
            : codedText("HTTP_STATUS", { status: `${response.status} ${response.statusText}`.trim() }),
        }),
    status: response.status,
    requestId: server?.requestId ?? meta.requestId ?? undefined,
    retryAfter: retryAfterSeconds(response),
    rateLimit: meta.rateLimit,
  });
}

/** An error object sent inside a stream (`data: {"error": …}`), as a GatewayError. */
export function streamErrorOf(data: unknown, meta: ResponseMeta): GatewayError | null {
  const server = serverErrorOf(data);
  if (!server) return null;
  return new GatewayError({
    code: server.code ?? "STREAM_ERROR",
    ...(server.message === null ? { text: codedText("STREAM_ERROR") } : { message: server.message }),
    status: meta.status,
    requestId: server.requestId ?? meta.requestId ?? undefined,
  });
}

export function aborted(meta: ResponseMeta | null): GatewayError {
  return new GatewayError({
    code: "ABORTED",
    text: codedText("ABORTED"),
    requestId: meta?.requestId ?? undefined,
  });
}

export function invalidResponse(path: string, meta: ResponseMeta, detail: string): GatewayError {
  return new GatewayError({
    code: "INVALID_RESPONSE",
    text: codedText("INVALID_RESPONSE", { path, detail }),
    status: meta.status,
    requestId: meta.requestId ?? undefined,
  });
}

export function describeIssue(error: unknown): string {
  if (error instanceof z.ZodError) {
    const { field, message } = firstIssue(error);
    return `${field || "body"}: ${message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Why a request got no answer at all: cancelled, refused redirect, or the network. */
export function unsentError(error: unknown, baseUrl: string, signal: AbortSignal | undefined): GatewayError {
  if (signal?.aborted) return aborted(null);
  if (error instanceof GatewayError) return error;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  const host = new URL(baseUrl).host;
  if (/redirect/i.test(cause)) {
    return new GatewayError({ code: "REDIRECT_REFUSED", text: codedText("REDIRECT_REFUSED", { host }) });
  }
  return new GatewayError({ code: "NETWORK_ERROR", text: codedText("NETWORK_ERROR", { host, cause }) });
}
