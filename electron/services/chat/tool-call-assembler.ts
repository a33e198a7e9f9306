/** A tool call a model asked for: its id (to answer it by), the tool's name and its arguments as sent (JSON text). */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
  /** Its arguments were longer than TOOL_ARGUMENTS_MAX_CHARS: they were not kept, and the call is not run. */
  readonly oversize: boolean;
}

/** A call's arguments as the object a tool takes; null when the text is not a JSON object. */
export function argumentsObject(argumentsText: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(argumentsText || "{}");
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? { ...parsed } : null;
  } catch {
    return null;
  }
}

/** The most calls one round keeps; a model asking for more gets the first ones. */
export const TOOL_CALLS_MAX = 16;
export const TOOL_ARGUMENTS_MAX_CHARS = 64 * 1024;
const TOOL_NAME_MAX = 128;
const TOOL_ID_MAX = 128;

interface Pending {
  id: string;
  name: string;
  pieces: string[];
  length: number;
}

/**
 * Puts a round's tool calls together from what a stream sends in pieces (an id and a name, then
 * argument text), by the index each piece names, bounded in count, name and argument length.
 */
export class ToolCallAssembler {
  private readonly calls = new Map<number, Pending>();

  /** A call's id and name, when the server first names them (again: kept as first named). */
  started(index: number, id: string | null | undefined, name: string | null | undefined): void {
    const call = this.callAt(index);
    if (!call) return;
    if (id && !call.id) call.id = id.slice(0, TOOL_ID_MAX);
    if (name && !call.name) call.name = name.slice(0, TOOL_NAME_MAX);
  }

  /** More of a call's argument text. */
  appended(index: number, piece: string | null | undefined): void {
    const call = this.callAt(index);
    if (!call || !piece) return;
    call.length += piece.length;
    if (call.length <= TOOL_ARGUMENTS_MAX_CHARS) call.pieces.push(piece);
  }

  /** The calls in index order; one with no name (a server's mistake) is left out. */
  done(): ToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, call]) => call.name !== "")
      .map(([index, call]) => {
        const oversize = call.length > TOOL_ARGUMENTS_MAX_CHARS;
        return {
          id: call.id || `call_${index}`,
          name: call.name,
          arguments: oversize ? "" : call.pieces.join("") || "{}",
          oversize,
        };
      });
  }

  private callAt(index: number): Pending | null {
    const known = this.calls.get(index);
    if (known) return known;
    if (this.calls.size >= TOOL_CALLS_MAX || !Number.isSafeInteger(index) || index < 0) return null;
    const call: Pending = { id: "", name: "", pieces: [], length: 0 };
    this.calls.set(index, call);
    return call;
  }
}
