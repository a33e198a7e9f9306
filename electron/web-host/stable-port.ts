import type { Server } from "node:http";
import { errorCode } from "../common/error-code.ts";

/** Below Linux's ephemeral range (32768 and up), where the system hands out ports of its own. */
const FIRST = 20_000;
const COUNT = 12_000;

/**
 * The port a data folder's web host asks for first. The page keeps its preferences (language,
 * theme, folded panels, form drafts) in the browser's storage, which belongs to an origin, port
 * included: the same folder gets the same address across restarts, and other folders another.
 */
export function stablePortFor(dataDir: string): number {
  // FNV-1a: spreads similar paths across the range.
  let hash = 0x811c9dc5;
  for (const char of dataDir) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return FIRST + (hash % COUNT);
}

/** Listens on 127.0.0.1 at `port`; when a preferred port is taken, on any free one instead. */
export async function listenLocal(server: Server, port: number, fallBack: boolean): Promise<void> {
  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      server.once("error", failed);
      server.listen(at, "127.0.0.1", () => {
        server.off("error", failed);
        resolve();
      });
    });
  try {
    await listen(port);
  } catch (error) {
    if (!fallBack || errorCode(error) !== "EADDRINUSE") throw error;
    await listen(0);
  }
}
