import { appError } from "../app-error.ts";

export type ToolDecision = "allow" | "deny";

const keyOf = (messageId: string, callId: string) => `${messageId}\u0000${callId}`;

/**
 * The user's hold on a reply's tool calls, by reply and call: a waiting call ends on `decide`
 * (Allow or Deny), a running one on `stop`; stopping the reply ends both.
 */
export class ToolApprovals {
  private readonly waiting = new Map<
    string,
    { readonly tool: string; readonly settle: (decision: ToolDecision | "stopped") => void }
  >();
  private readonly running = new Map<string, AbortController>();

  /** Waits for the answer to a call of `tool` (its "serverId/tool" key, which "always allow" keeps). */
  wait(messageId: string, callId: string, tool: string, signal: AbortSignal): Promise<ToolDecision | "stopped"> {
    if (signal.aborted) return Promise.resolve("stopped");
    const key = keyOf(messageId, callId);
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
    const waiting = this.waiting.get(keyOf(messageId, callId));
    if (!waiting) throw appError("TOOL_CALL_NOT_WAITING");
    waiting.settle(decision);
    return waiting.tool;
  }

  /** Runs a call that Stop can end alone: its signal ends with the reply's or with `stop`. */
  async whileRunning<T>(
    messageId: string,
    callId: string,
    signal: AbortSignal,
    run: (callSignal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const key = keyOf(messageId, callId);
    const own = new AbortController();
    this.running.set(key, own);
    try {
      return await run(AbortSignal.any([signal, own.signal]));
    } finally {
      this.running.delete(key);
    }
  }

  /** Stops one running call; the turn goes on, telling the model the user stopped it. */
  stop(messageId: string, callId: string): void {
    const running = this.running.get(keyOf(messageId, callId));
    if (!running) throw appError("TOOL_CALL_NOT_RUNNING");
    running.abort();
  }
}
