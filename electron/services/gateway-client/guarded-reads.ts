import { codedText } from "../../../shared/text/app-texts.ts";
import { megabytes } from "./bounded-body.ts";
import { GatewayError } from "./gateway-error.ts";

interface StreamBounds {
  readonly maxLineBytes: number;
  readonly stallMs: number;
}

/** The reads of a body, as a reader gives them. */
export interface ByteReads {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  /** Lets the body go; never waited on (a body torn down by an abort may never settle its cancel). */
  cancel(): void;
}

const noop = () => undefined;

/**
 * An event stream's reads, failing with a GatewayError when no byte comes for `stallMs` during a
 * read, or a line (or an event's lines together) outgrows `maxLineBytes`: the SSE parser keeps a
 * line whole until it ends, so an endless line would otherwise grow without bound. One timer serves
 * the whole stream, moved at each read: a reply can be thousands of small reads.
 */
export function guardedReads(body: ReadableStream<Uint8Array>, bounds: StreamBounds): ByteReads {
  const reader = body.getReader();
  const measure = lineMeter(bounds.maxLineBytes);
  let failRead: ((error: GatewayError) => void) | null = null;
  // Fired between reads it does nothing, and holds no process open: the next read moves it again.
  const stallTimer = setTimeout(() => failRead?.(streamStalled(bounds.stallMs)), bounds.stallMs).unref();
  const cancel = () => {
    clearTimeout(stallTimer);
    reader.cancel().catch(noop);
  };
  return {
    read() {
      stallTimer.refresh().ref();
      return new Promise((resolve, reject) => {
        const fail = (error: unknown) => {
          failRead = null;
          cancel();
          reject(error);
        };
        failRead = fail;
        reader.read().then((result) => {
          if (failRead !== fail) return;
          failRead = null;
          stallTimer.unref();
          if (result.done) {
            clearTimeout(stallTimer);
            return resolve(result);
          }
          try {
            measure(result.value);
          } catch (error) {
            return fail(error);
          }
          resolve(result);
        }, fail);
      });
    },
    cancel,
  };
}

const LF = 10;
const CR = 13;
const BLANK_LINE = Uint8Array.of(LF, LF);

/**
 * Counts the bytes of the current line and of the current event; throws past the bound. Starts at
 * the chunk's last "\n\n" (found natively), after which any stream is at a new event, and steps
 * from line break to line break from there: a long reply is a megabyte of events, a few dozen reads.
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
    const lastBlank = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).lastIndexOf(BLANK_LINE);
    if (lastBlank !== -1) {
      line = 0;
      event = 0;
      previous = LF;
      at = lastBlank + BLANK_LINE.length;
    }
    let nextLf = chunk.indexOf(LF, at);
    let nextCr = chunk.indexOf(CR, at);
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

function streamStalled(stallMs: number): GatewayError {
  return new GatewayError({ code: "STREAM_STALLED", text: codedText("STREAM_STALLED", { seconds: stallMs / 1000 }) });
}

function lineTooLong(maxBytes: number): GatewayError {
  return new GatewayError({
    code: "SSE_LINE_TOO_LONG",
    text: codedText("SSE_LINE_TOO_LONG", { megabytes: megabytes(maxBytes) }),
  });
}
