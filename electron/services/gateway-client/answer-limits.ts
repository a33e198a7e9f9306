const KIBIBYTE = 1024;
const MEBIBYTE = 1024 * KIBIBYTE;

/** The largest JSON answer read from a gateway (a balance, a task, a reply that did not stream). */
export const MAX_JSON_BODY_BYTES = 16 * MEBIBYTE;
/**
 * The largest answer that may carry images inline (`b64_json`): a few images at the result cap
 * (RESULT_SIZE_CAPS.image), base64 grown by a third.
 */
export const MAX_IMAGE_ANSWER_BYTES = 96 * MEBIBYTE;
/** Of an error answer only this much is read: its code and words fit many times over. */
export const MAX_ERROR_BODY_BYTES = 64 * KIBIBYTE;
/** The longest line, and the longest event, of a Server-Sent Events stream. */
export const MAX_SSE_LINE_BYTES = MEBIBYTE;
/** A whole JSON or error body must have arrived this long after its headers. */
export const BODY_TIMEOUT_MS = 60_000;
/** A stream that sends no byte for this long is given up as stalled. */
export const STREAM_STALL_MS = 60_000;

/** What a gateway client reads at most, and how long it waits; tests shrink the waits. */
export interface AnswerLimits {
  readonly jsonBodyBytes: number;
  readonly imageAnswerBytes: number;
  readonly errorBodyBytes: number;
  readonly sseLineBytes: number;
  readonly bodyTimeoutMs: number;
  readonly streamStallMs: number;
}

export const ANSWER_LIMITS: AnswerLimits = {
  jsonBodyBytes: MAX_JSON_BODY_BYTES,
  imageAnswerBytes: MAX_IMAGE_ANSWER_BYTES,
  errorBodyBytes: MAX_ERROR_BODY_BYTES,
  sseLineBytes: MAX_SSE_LINE_BYTES,
  bodyTimeoutMs: BODY_TIMEOUT_MS,
  streamStallMs: STREAM_STALL_MS,
};
