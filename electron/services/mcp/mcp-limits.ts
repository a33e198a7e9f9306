const MEBIBYTE = 1024 * 1024;

/** How long a server may take and how much of it is read; tests shrink the waits. */
export interface McpTiming {
  /** Starting a server and its handshake. */
  readonly startMs: number;
  /** Listing its tools. */
  readonly listMs: number;
  /** A tool call that names no time of its own. */
  readonly callMs: number;
  /** After a call timed out, how long a ping may take before the server is taken for hung and stopped. */
  readonly pingMs: number;
}

export const MCP_TIMING: McpTiming = { startMs: 15_000, listMs: 15_000, callMs: 60_000, pingMs: 5_000 };

/** The longest a caller may let one tool call run. */
export const MAX_CALL_MS = 10 * 60_000;
/** The largest single message read from a server, and the most of one HTTP answer. */
export const MAX_MESSAGE_BYTES = 8 * MEBIBYTE;
/** How much of what a stdio server last wrote to stderr is kept, to name why it failed. */
export const STDERR_TAIL_CHARS = 4096;
/** The longest cause quoted from an error (a server's own message, a system error). */
export const CAUSE_MAX_CHARS = 500;
