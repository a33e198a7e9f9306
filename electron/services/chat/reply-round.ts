import type { MessageMeta } from "../../../shared/ipc/chat.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import { withRateLimitRetry } from "../gateway-client/rate-limit-retry.ts";
import type { Emit } from "../streams/stream-hub.ts";
import type { AttachmentsOf } from "./attachment-content.ts";
import type { DeltaCoalescer } from "./delta-coalescer.ts";
import type { ReplyJournal } from "./reply-journal.ts";
import { replyEvents } from "./reply-events.ts";
import type { ReplyRun } from "./reply-producer.ts";
import type { ToolCall } from "./tool-call-assembler.ts";
import type { OfferedTool } from "./tool-box.ts";
import { boundedUsage, usageBoundsOf } from "./usage-plausibility.ts";

/** The longest reply kept (about a megabyte of text): an endless stream is cut here, what came is kept. */
export const MAX_REPLY_CHARS = 1_000_000;

/** What one model round asks: the run with the history it sends, and the tools offered. */
interface RoundRequest {
  readonly client: GatewayClient;
  readonly run: ReplyRun;
  readonly tools: readonly OfferedTool[];
  readonly attachmentsOf: AttachmentsOf;
}

/** Where a round's reply goes: the reply's meta and journal, the window, and when the reply began. */
export interface RoundSink {
  readonly meta: MessageMeta;
  readonly journal: ReplyJournal;
  readonly coalescer: DeltaCoalescer;
  readonly emit: Emit;
  readonly waitUntil: (until: number) => void;
  readonly started: number;
  /** A later round of a tool-using turn: its tokens add to the earlier rounds'. */
  readonly addsToEarlierRounds: boolean;
}

/** A round's token count added to the rounds' before it (none before: the count as it is). */
function addedTo(before: number | null | undefined, count: number | null): number | null {
  if (before === undefined) return count;
  if (count === null) return null;
  return (before ?? 0) + count;
}

function replyTooLong(): GatewayError {
  return new GatewayError({ code: "REPLY_TOO_LONG", text: codedText("REPLY_TOO_LONG", { count: MAX_REPLY_CHARS }) });
}

/**
 * One model round of a reply: its text appended as it streams, its usage and sources noted, a 429
 * waited out and sent again while nothing of the round has arrived; the tool calls it asked for.
 */
export async function streamRound(request: RoundRequest, sink: RoundSink, signal: AbortSignal): Promise<ToolCall[]> {
  const { meta, journal, coalescer, emit } = sink;
  const calls: ToolCall[] = [];
  const roundStart = journal.text.length;
  const before = sink.addsToEarlierRounds ? { input: meta.inputTokens, output: meta.outputTokens } : undefined;
  /** Text of the read so far, appended as one piece: a read can hold thousands of tokens. */
  const appendText = (text: string) => {
    meta.ttftMs ??= Math.round(performance.now() - sink.started);
    const fits = text.slice(0, MAX_REPLY_CHARS - journal.text.length);
    // The window first: the journal's first write (a new row) would otherwise delay the first text.
    coalescer.push(fits);
    journal.append(fits);
    if (fits.length < text.length) throw replyTooLong();
  };
  await withRateLimitRetry(
    async () => {
      for await (const events of replyEvents(
        request.client,
        { ...request.run, attachmentsOf: request.attachmentsOf, tools: request.tools },
        meta.model,
        signal,
        (requestId) => (meta.requestId = requestId),
      )) {
        // Null until a delta comes: an empty one (a whole answer without text) still counts as the first token.
        let text: string | null = null;
        for (const event of events) {
          if (event.type === "delta") {
            text = (text ?? "") + event.text;
            continue;
          }
          if (text !== null) appendText(text);
          text = null;
          switch (event.type) {
            case "usage": {
              const usage = boundedUsage(event, usageBoundsOf(request.run, request.attachmentsOf));
              meta.inputTokens = addedTo(before?.input, usage.inputTokens) ?? meta.inputTokens;
              meta.outputTokens = addedTo(before?.output, usage.outputTokens) ?? meta.outputTokens;
              if (event.implausible || usage.implausible) meta.tokensImplausible = true;
              coalescer.flush();
              emit({ kind: "usage", data: { inputTokens: meta.inputTokens, outputTokens: meta.outputTokens } });
              break;
            }
            case "citations":
              meta.sources = event.sources;
              emit({ kind: "citations", data: { sources: event.sources } });
              break;
            case "toolCalls":
              calls.push(...event.calls);
              break;
            case "finish":
              meta.finish = event.finish;
              meta.stopSequence = event.stopSequence;
              break;
          }
        }
        if (text !== null) appendText(text);
      }
    },
    {
      signal,
      // Once part of the round has arrived, a resend would start it over; a stopped reply stays stopped.
      mayRetry: () => journal.text.length === roundStart && calls.length === 0 && !signal.aborted,
      onWait: ({ error: refusal, seconds, until }) => {
        if (refusal.requestId) meta.requestId = refusal.requestId;
        emit({ kind: "error", data: { ...refusal.toIpcError(), retryAfter: seconds, retrying: true } });
        sink.waitUntil(until);
      },
    },
  );
  return calls;
}
