import { isPlainObject } from "../../../shared/plain-object.ts";

/**
 * How much of a message is searched, and how many `{` are tried: each try may read to the end,
 * so both bound the work a message full of braces can cause.
 */
export const JSON_SEARCH_LIMITS = { chars: 200_000, starts: 64 } as const;

/** Where the braces opened at `start` close again, reading JSON strings whole; -1 when they never do. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (inString) {
      if (char === "\\") at++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return at;
  }
  return -1;
}

/**
 * The first JSON object written in a text: from each `{` in turn, the balanced span that parses
 * as an object; a span that does not parse is passed over. Null when there is none.
 */
export function firstJsonObject(message: string): Record<string, unknown> | null {
  const text = message.slice(0, JSON_SEARCH_LIMITS.chars);
  let start = text.indexOf("{");
  for (let tries = 0; start !== -1 && tries < JSON_SEARCH_LIMITS.starts; tries++) {
    const end = closingBrace(text, start);
    if (end !== -1) {
      try {
        const value: unknown = JSON.parse(text.slice(start, end + 1));
        if (isPlainObject(value)) return value;
      } catch {
        // Not JSON: braces in prose, or a template; the next brace may begin one.
      }
    }
    start = text.indexOf("{", start + 1);
  }
  return null;
}
