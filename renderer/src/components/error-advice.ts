import type { IpcError } from "../../../shared/ipc/result.ts";

/** Codes with advice of their own (keys under `error.hint`). */
const ADVISED_CODES = new Set([
  "UNAUTHORIZED",
  "FORBIDDEN",
  "RATE_LIMIT",
  "NETWORK_ERROR",
  "TIMEOUT",
  "INSUFFICIENT_BALANCE",
  "BUDGET_EXCEEDED",
  "MODEL_NOT_FOUND",
  "HOST_DISCONNECTED",
  "REDIRECT_REFUSED",
  "KEY_MISSING",
  "SUBMISSION_UNCONFIRMED",
  "DOWNLOAD_FAILED",
  "MEDIA_NOT_FOUND",
]);

/** Refused files and images: advice under `attachments.hint`, not a retry. */
const ATTACHMENT_ADVICE: Readonly<Record<string, string>> = {
  IMAGES_NOT_ACCEPTED: "attachments.hint.imagesNotAccepted",
  ATTACHMENT_TYPE: "attachments.hint.file",
  ATTACHMENT_TOO_LARGE: "attachments.hint.file",
  ATTACHMENT_UNREADABLE: "attachments.hint.file",
  ATTACHMENTS_TOO_MANY: "attachments.hint.file",
  ATTACHMENTS_TOO_LARGE: "attachments.hint.file",
};

const RETRYABLE_STATUSES = new Set([408, 409, 425, 429]);

/**
 * The advice that fits an error: retry only where retrying can help (408/409/429/5xx, the network),
 * fix the key for 401/403, another model for 404, a shorter input for 400/413; quoting the
 * request id is suggested only when there is one.
 */
export function adviceKey(error: IpcError): string {
  if (ADVISED_CODES.has(error.code)) return `error.hint.${error.code}`;
  if (error.code.startsWith("MCP_")) return "mcp.hint";
  const attachmentAdvice = ATTACHMENT_ADVICE[error.code];
  if (attachmentAdvice) return attachmentAdvice;
  const { status } = error;
  if (status === 401 || status === 403) return "error.hint.UNAUTHORIZED";
  if (status === 404) return "error.hint.notFound";
  if (status === 413) return "error.hint.tooLarge";
  if (status === 400 || status === 422) return "error.hint.badRequest";
  const retryable = status === undefined || status >= 500 || RETRYABLE_STATUSES.has(status);
  if (!retryable) return "error.hint.checkRequest";
  return error.requestId ? "error.hint.default" : "error.hint.retry";
}
