import { roundsOf, type ToolCallView, type ToolRound } from "../../../shared/ipc/tool-rounds.ts";

/** What a round's calls sent back to the model, as the model reads it. */
export function resultSentFor(call: ToolCallView): string {
  switch (call.state) {
    case "denied":
      return "The user denied this tool call; do not try it again unless the user asks.";
    case "stopped":
      return "The user stopped this tool call before it finished; it has no result.";
    case "waiting":
    case "running":
      return "The tool call did not finish.";
    default:
      return call.result ?? "";
  }
}

/**
 * A reply's rounds as plain text, for a request that offers no tools: a server that takes no
 * tools refuses calls and results in the history, yet the model should know what they said.
 */
export function roundsAsText(content: string, rounds: readonly ToolRound[]): string {
  const { parts, closing } = roundsOf(content, rounds);
  const said = parts.flatMap((part) => [
    ...(part.text.trim() ? [part.text] : []),
    ...part.calls.map(
      (call) => `[Tool ${call.server}/${call.tool} called with ${call.arguments}: ${resultSentFor(call)}]`,
    ),
  ]);
  return [...said, ...(closing.trim() ? [closing] : [])].join("\n\n");
}
