import type { MessageMeta } from "../../../shared/ipc/chat.ts";
import type { ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import type { CodedText } from "../../../shared/ipc/coded-text.ts";
import type { ToolRound } from "../../../shared/ipc/tool-rounds.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import type { AttachmentsOf } from "./attachment-content.ts";
import { historyOf } from "./chat-request.ts";
import type { ReplyRun } from "./reply-producer.ts";
import { streamRound, type RoundSink } from "./reply-round.ts";
import type { ToolCall } from "./tool-call-assembler.ts";
import { ToolTurn, type Tooling } from "./tool-turn.ts";

/** What a reply's rounds are asked through: its server, what that server offers, and the tools. */
interface RoundsSource {
  readonly client: GatewayClient;
  readonly tooling: Tooling | null;
  readonly capabilities: ServerCapabilities;
  readonly attachmentsOf: AttachmentsOf;
}

const noteTools = (meta: MessageMeta, note: CodedText) => {
  meta.toolNotes = [...(meta.toolNotes ?? []), note];
};

/**
 * The model rounds of one reply: one call, or, while the model calls tools, a call per round with
 * the results so far, until it answers in text, the user stops it, or the turn's limits end it.
 */
export async function replyRounds(
  source: RoundsSource,
  run: ReplyRun,
  sink: Omit<RoundSink, "addsToEarlierRounds">,
  signal: AbortSignal,
): Promise<void> {
  const { meta, journal, coalescer, emit } = sink;
  let turn = await toolTurnOf(source, run, meta, signal, (rounds) => {
    coalescer.flush();
    meta.toolRounds = structuredClone([...rounds]);
    emit({ kind: "tools", data: { rounds: meta.toolRounds } });
    journal.saveNow();
  });
  for (let round = 1; ; round++) {
    if (turn) meta.rounds = round;
    const messages =
      turn && round > 1 ? [...run.messages, turn.asTurn(run.assistantMessageId, journal.text)] : run.messages;
    let calls: ToolCall[];
    try {
      calls = await streamRound(
        {
          client: source.client,
          run: { ...run, messages },
          tools: turn?.offered ?? [],
          attachmentsOf: source.attachmentsOf,
        },
        { ...sink, addsToEarlierRounds: round > 1 },
        signal,
      );
    } catch (caught) {
      // A server refusing tools refuses the whole request: asked once more, without them, and said.
      const refusal =
        turn && round === 1 ? source.tooling?.inputPolicy.refusalOf(caught, run.profileId, meta.model) : null;
      if (!refusal) throw caught;
      noteTools(meta, refusal);
      turn = null;
      delete meta.rounds;
      round = 0;
      continue;
    }
    if (!turn || calls.length === 0) return;
    if (!(await turn.answer(calls, journal.text.length, signal))) {
      throw new GatewayError({ code: "ABORTED", message: "stopped" });
    }
    const notice = noticeBefore(source, turn, run, round + 1, journal.text);
    if (notice) {
      meta.toolNotice = notice;
      return;
    }
  }
}

/**
 * The reply's tools when its conversation offers some (not for web search), named for the wire;
 * what it cannot offer (a server left out, a model that does not take tools) noted on the reply.
 */
async function toolTurnOf(
  { tooling, capabilities }: RoundsSource,
  run: ReplyRun,
  meta: MessageMeta,
  signal: AbortSignal,
  changed: (rounds: readonly ToolRound[]) => void,
): Promise<ToolTurn | null> {
  if (!tooling || run.searchWeb) return null;
  const tools = await tooling.turnTools(run.conversationId, signal);
  if (!tools) return null;
  for (const { server, reason } of tools.leftOut)
    noteTools(meta, codedText("TOOLS_SERVER_LEFT_OUT", { server, reason }));
  if (tools.offered.length === 0) return null;
  const refused = tooling.inputPolicy.knownRefusal(capabilities, run.settings.model);
  if (refused) {
    if (refused.notice) noteTools(meta, refused.notice);
    return null;
  }
  return new ToolTurn(tools, tooling, run.assistantMessageId, changed);
}

/** Why the next round of a tool-using turn must not start (its round limit, its cost cap); null to go on. */
function noticeBefore(
  { tooling, attachmentsOf }: RoundsSource,
  turn: ToolTurn,
  run: ReplyRun,
  round: number,
  text: string,
) {
  if (!tooling) return null;
  const sent = [...run.messages, turn.asTurn(run.assistantMessageId, text)];
  // About what the next round sends: the history with the rounds so far, and the tools offered.
  const chars = JSON.stringify(historyOf(sent, attachmentsOf)).length + JSON.stringify(turn.offered).length;
  const { model, maxTokens } = run.settings;
  const estimate = tooling.roundEstimate(run.profileId, model, Math.ceil(chars / 4), maxTokens);
  return turn.stopBefore(round, tooling.spentOn(run.assistantMessageId), estimate);
}
