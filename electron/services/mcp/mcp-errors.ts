import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { TextParams } from "../../../shared/ipc/coded-text.ts";
import { codedText, type TextCode } from "../../../shared/text/app-texts.ts";
import { AppError } from "../app-error.ts";
import { McpFetchRefusal } from "./mcp-http-fetch.ts";
import { CAUSE_MAX_CHARS } from "./mcp-limits.ts";

/** What an error is said about: the server, what it last wrote to stderr, and the step that failed. */
export interface McpFailureContext {
  readonly server: string;
  readonly stderr: string;
  readonly step: "start" | "list" | "call";
  readonly tool?: string;
  readonly timeoutMs: number;
  /** The caller stopped it. */
  readonly aborted: boolean;
  /** What the transport reported before the request failed (an answer too large, a refused redirect). */
  readonly transportError: unknown;
}

const causeOf = (error: unknown): string => {
  const cause =
    error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return cause.slice(0, CAUSE_MAX_CHARS);
};

/**
 * Whether the connection is finished with after this failure, so the next use starts the server
 * again. A server that refused one request, or a call the caller stopped, is still fine; a call
 * that timed out is asked about separately (the server may be slow, or hung).
 */
export const endsConnection = (error: AppError): boolean =>
  !["MCP_SERVER_ERROR", "MCP_CALL_TIMEOUT", "MCP_CALL_CANCELLED"].includes(error.code);

/**
 * Any failure of a server as one coded error naming it, with its stderr tail as the `stderr`
 * parameter (shown beside the sentence, never inside it).
 */
export function mcpFailure(error: unknown, context: McpFailureContext): AppError {
  if (error instanceof AppError) return error;
  const coded = (code: TextCode, params: TextParams = {}) =>
    new AppError(code, codedText(code, { server: context.server, stderr: context.stderr, ...params }));
  if (context.aborted) return coded("MCP_CALL_CANCELLED");
  const refusal = [error, context.transportError].find((each) => each instanceof McpFetchRefusal);
  if (refusal) return coded(refusal.kind === "redirect" ? "MCP_REDIRECT_REFUSED" : "MCP_ANSWER_TOO_LARGE");
  if (causeOf(context.transportError).startsWith("ReadBuffer exceeded")) return coded("MCP_ANSWER_TOO_LARGE");
  const seconds = Math.ceil(context.timeoutMs / 1000);
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
    return context.step === "call"
      ? coded("MCP_CALL_TIMEOUT", { tool: context.tool ?? "", seconds })
      : coded("MCP_START_TIMEOUT", { seconds });
  if (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) return coded("MCP_SERVER_EXITED");
  if (error instanceof McpError) return coded("MCP_SERVER_ERROR", { cause: error.message.slice(0, CAUSE_MAX_CHARS) });
  if (error instanceof StreamableHTTPError && error.code !== undefined && error.code > 0)
    return coded("MCP_HTTP_STATUS", { status: error.code });
  if (error instanceof TypeError) return coded("MCP_UNREACHABLE", { cause: causeOf(error) });
  return coded(context.step === "start" ? "MCP_START_FAILED" : "MCP_SERVER_ERROR", { cause: causeOf(error) });
}
