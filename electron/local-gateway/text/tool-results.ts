import type { AnsweredCall } from "./tool-conversation.ts";

/** How much of each result the reply quotes (code points): enough to check, never a whole huge result. */
export const RESULT_QUOTE_CHARS = 500;

/** A fence longer than any backtick run in the text, so a quoted result cannot close it. */
const fenceFor = (text: string) =>
  "`".repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((run) => run[0].length + 1)));

function quoteOf(result: AnsweredCall): string {
  const chars = [...result.content];
  const quoted = chars.slice(0, RESULT_QUOTE_CHARS).join("");
  const size = `${chars.length} character${chars.length === 1 ? "" : "s"}`;
  const what = result.isError ? `failed; its error has ${size}` : `returned ${size}`;
  const head = `The tool \`${result.name}\` (call ${result.callId}) ${what}`;
  if (chars.length === 0) return `${head}.`;
  const cut = chars.length > RESULT_QUOTE_CHARS ? `, of which the first ${RESULT_QUOTE_CHARS} are quoted` : "";
  const fence = fenceFor(quoted);
  return `${head}${cut}:\n\n${fence}text\n${quoted}\n${fence}`;
}

/**
 * The simulated model's answer once its calls are answered: each result quoted (bounded), with
 * its length and whether the tool failed, so a client can check what came back.
 */
export function quoteResults(results: readonly AnsweredCall[]): string {
  const count = results.length === 1 ? "1 tool result" : `${results.length} tool results`;
  const failed = results.filter((result) => result.isError).length;
  const closing =
    failed === 0
      ? "That is what the tools said."
      : `${failed} of ${results.length} failed; I can try again or go on without.`;
  return [`I got ${count} back.`, ...results.map(quoteOf), closing].join("\n\n");
}
