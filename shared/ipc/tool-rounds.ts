import { z } from "zod";

/**
 * A tool call's life: waiting for the user's Allow or Deny, running, then done (its result sent
 * back), failed (the tool said so, or could not be reached), denied, or stopped with the turn.
 */
export const TOOL_CALL_STATES = ["waiting", "running", "done", "failed", "denied", "stopped"] as const;
export type ToolCallState = (typeof TOOL_CALL_STATES)[number];

/** The most characters of a tool's result kept and sent back to the model; the rest is named as left out. */
export const TOOL_RESULT_MAX_CHARS = 100_000;

export const ToolCallViewSchema = z.object({
  /** The model's id for the call, which its result answers. */
  id: z.string(),
  /** The MCP server's id and name as saved in Settings, and the tool's own name on it. */
  serverId: z.string(),
  server: z.string(),
  tool: z.string(),
  /** The name the model called it by: unique among the tools offered, in the characters wire formats take. */
  name: z.string(),
  /** The arguments as the model sent them (JSON text). */
  arguments: z.string(),
  state: z.enum(TOOL_CALL_STATES),
  /** What was sent back to the model: the tool's text, or why there is none. */
  result: z.string().nullable(),
  isError: z.boolean(),
  ms: z.number().nullable(),
});
export type ToolCallView = z.infer<typeof ToolCallViewSchema>;

/** One model round of a tool-using turn: where its text ended in the reply, and the calls it asked for. */
export const ToolRoundSchema = z.object({
  textEnd: z.number().int().min(0),
  calls: z.array(ToolCallViewSchema),
});
export type ToolRound = z.infer<typeof ToolRoundSchema>;

/** One round of a reply: its text, and its calls with what each sent back. */
export interface RoundPart {
  readonly text: string;
  readonly calls: readonly ToolCallView[];
}

/**
 * A reply that used tools, cut into its rounds (the text each said before its calls) and its
 * closing text: how a request sends it again, in whichever wire format.
 */
export function roundsOf(content: string, rounds: readonly ToolRound[]): { parts: RoundPart[]; closing: string } {
  let start = 0;
  const parts = rounds.map((round) => {
    const end = Math.min(Math.max(round.textEnd, start), content.length);
    const text = content.slice(start, end);
    start = end;
    return { text, calls: round.calls };
  });
  return { parts, closing: content.slice(start) };
}
