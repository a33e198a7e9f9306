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

interface StreamBounds {
  readonly maxLineBytes: number;
  readonly stallMs: number;
}

/**
 * An event stream's bytes, passed on as they come, failing with a GatewayError when no byte comes
 * for `stallMs` or a line (or an event's lines together) outgrows `maxLineBytes`: the SSE parser
 * keeps a line whole until it ends, so an endless line would otherwise grow without bound.
 */
export function guardedEventStream(body: ReadableStream<Uint8Array>, bounds: StreamBounds): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const measure = lineMeter(bounds.maxLineBytes);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(streamStalled(bounds.stallMs)), bounds.stallMs);
      });
      stalled.catch(noop);
      try {
        const { value, done } = await Promise.race([reader.read(), stalled]);
        if (done) return controller.close();
        measure(value);
        controller.enqueue(value);
      } catch (error) {
        reader.cancel().catch(noop);
        controller.error(error);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

const LF = 10;
const CR = 13;

/**
 * Counts the bytes of the current line and of the current event; throws past the bound. Steps from
 * line break to line break (found natively), not byte by byte: a long reply is a megabyte of events.
 */
function lineMeter(maxBytes: number): (chunk: Uint8Array) => void {
  let line = 0;
  let event = 0;
  let previous = -1;
  const addRun = (chunk: Uint8Array, from: number, to: number) => {
    if (to === from) return;
    line += to - from;
    event += to - from;
    previous = chunk[to - 1] ?? previous;
  };
  return (chunk) => {
    let at = 0;
    let nextLf = chunk.indexOf(LF);
    let nextCr = chunk.indexOf(CR);
    while (nextLf !== -1 || nextCr !== -1) {
      const end = nextCr === -1 || (nextLf !== -1 && nextLf < nextCr) ? nextLf : nextCr;
      addRun(chunk, at, end);
      const byte = end === nextLf ? LF : CR;
      // "\r\n" ends one line, not two: the "\n" after a "\r" is not a blank line.
      if (line === 0 && !(byte === LF && previous === CR)) event = 0;
      line = 0;
      previous = byte;
      at = end + 1;
      if (byte === LF) nextLf = chunk.indexOf(LF, at);
      else nextCr = chunk.indexOf(CR, at);
    }
    addRun(chunk, at, chunk.length);
    if (event > maxBytes) throw lineTooLong(maxBytes);
  };
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

function streamStalled(stallMs: number): GatewayError {
  return new GatewayError({ code: "STREAM_STALLED", text: codedText("STREAM_STALLED", { seconds: stallMs / 1000 }) });
}

function lineTooLong(maxBytes: number): GatewayError {
  return new GatewayError({
    code: "SSE_LINE_TOO_LONG",
    text: codedText("SSE_LINE_TOO_LONG", { megabytes: megabytes(maxBytes) }),
  });
}

const megabytes = (bytes: number) => Math.round((bytes / MEBIBYTE) * 100) / 100;
