import { codedText } from "../../../shared/text/app-texts.ts";
import { GatewayError } from "./gateway-error.ts";

const MEBIBYTE = 1024 * 1024;

interface BodyBounds {
  readonly maxBytes: number;
  readonly timeoutMs: number;
  /** Past maxBytes, keep what fits instead of failing (an error body is read for its words only). */
  readonly truncate?: boolean;
}

const noop = () => undefined;

/**
 * A body's text, read at most `maxBytes` and within `timeoutMs` of starting: a body that never
 * ends, or trickles, fails instead of growing or hanging. The connection is let go either way.
 */
export async function readBoundedText(response: Response, bounds: BodyBounds): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(answerTimedOut(bounds.timeoutMs)), bounds.timeoutMs);
  });
  late.catch(noop);
  try {
    for (;;) {
      const { value, done } = await Promise.race([reader.read(), late]);
      if (done) break;
      if (received + value.byteLength > bounds.maxBytes) {
        if (!bounds.truncate) throw answerTooLarge(bounds.maxBytes);
        chunks.push(value.subarray(0, bounds.maxBytes - received));
        break;
      }
      chunks.push(value);
      received += value.byteLength;
    }
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(noop);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** A bounded body read as JSON; a body that is not JSON throws SyntaxError as `response.json()` would. */
export async function readBoundedJson(response: Response, bounds: BodyBounds): Promise<unknown> {
  return JSON.parse(await readBoundedText(response, bounds));
}

function answerTooLarge(maxBytes: number): GatewayError {
  return new GatewayError({
    code: "ANSWER_TOO_LARGE",
    text: codedText("ANSWER_TOO_LARGE", { megabytes: megabytes(maxBytes) }),
  });
}

function answerTimedOut(timeoutMs: number): GatewayError {
  return new GatewayError({
    code: "ANSWER_TIMED_OUT",
    text: codedText("ANSWER_TIMED_OUT", { seconds: timeoutMs / 1000 }),
  });
}

/** A bound in mebibytes, to two decimals, as the error texts give it. */
export const megabytes = (bytes: number) => Math.round((bytes / MEBIBYTE) * 100) / 100;
