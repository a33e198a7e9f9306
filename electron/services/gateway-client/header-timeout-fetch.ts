import { codedText } from "../../../shared/text/app-texts.ts";
import { GatewayError } from "./gateway-error.ts";

const HEADER_TIMEOUT_MS = 60_000;

/**
 * Gives up when the gateway's response headers do not arrive in time. Only the wait for headers
 * is bounded: a long stream keeps flowing afterwards, and time spent queued before sending (in
 * the rate scheduler, which wraps this) does not count.
 */
export function withHeaderTimeout(baseFetch: typeof fetch, timeoutMs = HEADER_TIMEOUT_MS): typeof fetch {
  return async (input, init) => {
    const timer = new AbortController();
    const handle = setTimeout(() => timer.abort(), timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timer.signal]) : timer.signal;
    try {
      return await baseFetch(input, { ...init, signal });
    } catch (error) {
      if (timer.signal.aborted && !init?.signal?.aborted) {
        throw new GatewayError({ code: "TIMEOUT", text: codedText("TIMEOUT", { seconds: timeoutMs / 1000 }) });
      }
      throw error;
    } finally {
      clearTimeout(handle);
    }
  };
}
