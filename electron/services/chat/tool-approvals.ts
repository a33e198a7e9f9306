import { appError } from "../app-error.ts";

export type ToolDecision = "allow" | "deny";

/**
 * The tool calls waiting for the user's Allow or Deny, by reply and call: the turn waits on
 * `wait`, the window answers with `decide`; stopping the reply ends the wait as stopped.
 */
export class ToolApprovals {
  private readonly waiting = new Map<
    string,
    { readonly tool: string; readonly settle: (decision: ToolDecision | "stopped") => void }
  >();

  /** Waits for the answer to a call of `tool` (its "serverId/tool" key, which "always allow" keeps). */
  wait(messageId: string, callId: string, tool: string, signal: AbortSignal): Promise<ToolDecision | "stopped"> {
    if (signal.aborted) return Promise.resolve("stopped");
    const key = `${messageId}\u0000${callId}`;
    return new Promise((resolve) => {
      const settle = (decision: ToolDecision | "stopped") => {
        this.waiting.delete(key);
        signal.removeEventListener("abort", onAbort);
        resolve(decision);
      };
      const onAbort = () => settle("stopped");
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiting.set(key, { tool, settle });
    });
  }

  /**
   * The user's answer to a call, and the tool it calls; refused when the call is not waiting
   * (answered already, or its reply ended).
   */
  decide(messageId: string, callId: string, decision: ToolDecision): string {
    const waiting = this.waiting.get(`${messageId}\u0000${callId}`);
    if (!waiting) throw appError("TOOL_CALL_NOT_WAITING");
    waiting.settle(decision);
    return waiting.tool;
  }
}
