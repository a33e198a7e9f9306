import type { CodedText } from "../../../shared/ipc/coded-text.ts";
import { TOOL_ROUNDS_MAX, toolKey } from "../../../shared/ipc/conversation-tools.ts";
import { TOOL_RESULT_MAX_CHARS, type ToolCallView, type ToolRound } from "../../../shared/ipc/tool-rounds.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { argumentsObject, type ToolCall } from "./tool-call-assembler.ts";
import type { Turn } from "./conversation-rows.ts";
import type { ToolApprovals } from "./tool-approvals.ts";
import type { LeftOutServer, OfferedTool, ToolBox } from "./tool-box.ts";
import type { ToolInputPolicy } from "./tool-input-policy.ts";

/** What a turn's tools are and how far it may go: the conversation's choices at Send. */
export interface TurnTools {
  readonly offered: readonly OfferedTool[];
  /** The chosen servers whose tools could not be listed: the turn goes on without them, and says so. */
  readonly leftOut: readonly LeftOutServer[];
  readonly alwaysAllowed: ReadonlySet<string>;
  /** The most the turn's rounds may cost together, in the key's currency. */
  readonly cap: number;
}

const bounded = (text: string) =>
  text.length <= TOOL_RESULT_MAX_CHARS
    ? text
    : `${text.slice(0, TOOL_RESULT_MAX_CHARS)}\n[The result was cut at ${TOOL_RESULT_MAX_CHARS} of its ${text.length} characters.]`;

/** The arguments a model sent, as the object a tool takes, or why they are not one. */
function argumentsOf(call: ToolCall): Record<string, unknown> | string {
  if (call.oversize) return "The arguments were larger than 64 KB; the tool was not run.";
  return argumentsObject(call.arguments) ?? "The arguments are not a JSON object; the tool was not run.";
}

/** An amount as a sentence says it: four decimals, or two significant digits when it is smaller. */
const money = (amount: number) =>
  amount >= 0.0001 ? amount.toFixed(4).replace(/0+$/, "").replace(/\.$/, "") : String(Number(amount.toPrecision(2)));

/**
 * The tool calls of one turn, round by round: each asked call shown, waiting for Allow (unless
 * the user allowed the tool for good in this conversation) and run on its server, its result kept
 * for the next round; the loop ends at a round limit or before a round its cost cap cannot cover.
 */
export class ToolTurn {
  readonly rounds: ToolRound[] = [];
  private readonly tools: TurnTools;
  private readonly box: ToolBox;
  private readonly approvals: ToolApprovals;
  private readonly messageId: string;
  private readonly changed: (rounds: readonly ToolRound[]) => void;

  constructor(
    tools: TurnTools,
    deps: { box: ToolBox; approvals: ToolApprovals },
    messageId: string,
    /** Each change of a call: shown to the window and written ahead with the reply. */
    changed: (rounds: readonly ToolRound[]) => void,
  ) {
    this.tools = tools;
    this.box = deps.box;
    this.approvals = deps.approvals;
    this.messageId = messageId;
    this.changed = changed;
  }

  get offered(): readonly OfferedTool[] {
    return this.tools.offered;
  }

  /** The reply so far as a turn of the history: what the next round sends after the question. */
  asTurn(id: string, content: string): Turn {
    return { id, role: "assistant", content, status: "complete", toolRounds: this.rounds };
  }

  /** Answers a round's calls in order; false when the reply was stopped meanwhile. */
  async answer(calls: readonly ToolCall[], textEnd: number, signal: AbortSignal): Promise<boolean> {
    const round: ToolRound = { textEnd, calls: calls.map((call) => this.viewOf(call)) };
    this.rounds.push(round);
    this.changed(this.rounds);
    for (const [index, call] of calls.entries()) {
      const view = round.calls[index];
      if (!view || view.state !== "waiting") continue;
      const tool = this.tools.offered.find((offered) => offered.name === call.name);
      const args = argumentsOf(call);
      if (!tool || typeof args === "string") {
        this.set(round, index, {
          state: "failed",
          isError: true,
          result: tool ? String(args) : `No tool named ${call.name} is offered.`,
        });
        continue;
      }
      const key = toolKey(tool.serverId, tool.tool);
      const allowed = this.tools.alwaysAllowed.has(key)
        ? "allow"
        : await this.approvals.wait(this.messageId, call.id, key, signal);
      if (allowed !== "allow") {
        this.stopFrom(round, index, allowed === "deny" ? "denied" : "stopped");
        if (allowed === "stopped") return false;
        continue;
      }
      this.set(round, index, { state: "running" });
      await this.run(round, index, tool, args, signal);
      if (signal.aborted) {
        this.stopFrom(round, index + 1, "stopped");
        return false;
      }
    }
    return true;
  }

  /** Why the next round must not start: the round limit, or a cost its cap cannot cover; null to go on. */
  stopBefore(round: number, spent: number, estimate: number | null): CodedText | null {
    if (round > TOOL_ROUNDS_MAX) return codedText("TOOL_ROUNDS_LIMIT", { rounds: TOOL_ROUNDS_MAX });
    if (estimate !== null && spent + estimate > this.tools.cap) {
      return codedText("TOOL_CAP_REACHED", { round, estimate: money(estimate), cap: money(this.tools.cap) });
    }
    return null;
  }

  private async run(
    round: ToolRound,
    index: number,
    tool: OfferedTool,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ) {
    const started = performance.now();
    const callId = round.calls[index]?.id ?? "";
    await this.approvals.whileRunning(this.messageId, callId, signal, async (callSignal) => {
      try {
        const result = await this.box.call(tool, args, callSignal);
        this.set(round, index, {
          state: result.isError ? "failed" : "done",
          result: bounded(result.text),
          isError: result.isError,
          ms: result.ms,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // Stopped (alone, or with the reply), it has no result: the model is told the user stopped it.
        this.set(round, index, {
          state: callSignal.aborted ? "stopped" : "failed",
          result: callSignal.aborted ? null : bounded(message),
          isError: true,
          ms: Math.round(performance.now() - started),
        });
      }
    });
  }

  private viewOf(call: ToolCall): ToolCallView {
    const tool = this.tools.offered.find((offered) => offered.name === call.name);
    return {
      id: call.id,
      serverId: tool?.serverId ?? "",
      server: tool?.server ?? "",
      tool: tool?.tool ?? call.name,
      name: call.name,
      arguments: call.arguments,
      state: "waiting",
      result: null,
      isError: false,
      ms: null,
    };
  }

  private set(round: ToolRound, index: number, change: Partial<ToolCallView>): void {
    const view = round.calls[index];
    if (!view) return;
    round.calls[index] = { ...view, ...change };
    this.changed(this.rounds);
  }

  /** This call and those after it in the round end without running. */
  private stopFrom(round: ToolRound, index: number, state: "denied" | "stopped"): void {
    round.calls.forEach((view, at) => {
      if (at === index || (at > index && state === "stopped" && view.state === "waiting")) {
        round.calls[at] = { ...view, state, isError: true };
      }
    });
    this.changed(this.rounds);
  }
}

/** What a reply needs to use tools: where they come from, the user's answers, and the turn's costs. */
export interface Tooling {
  readonly box: ToolBox;
  readonly approvals: ToolApprovals;
  /** Which models do not take tools, said once. */
  readonly inputPolicy: ToolInputPolicy;
  /** The conversation's tools and cap at Send; null when it offers none. */
  turnTools(conversationId: string, signal: AbortSignal): Promise<TurnTools | null>;
  /** What the reply's rounds cost so far (the most they may have), from the ledger. */
  spentOn(messageId: string): number;
  /** The most one more round may cost, from the model's prices; null when they are not known. */
  roundEstimate(profileId: string, model: string, inputTokens: number, maxTokens: number): number | null;
}
