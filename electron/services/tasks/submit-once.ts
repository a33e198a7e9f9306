import { setTimeout as sleep } from "node:timers/promises";
import { GatewayError } from "../gateway-client/gateway-error.ts";

const MAX_RATE_LIMIT_RESENDS = 5;

/**
 * Sends a paid submission once. Only an HTTP 429 is sent again, after its Retry-After: the gateway
 * refused it before accepting it, so nothing was charged. Any other failure, an error answer or
 * no answer at all, is thrown as it is: the gateway may have accepted it.
 */
export async function submitOnce<T>(send: () => Promise<T>, onWait: (reason: string | null) => void): Promise<T> {
  for (let resends = 0; ; resends++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof GatewayError && error.status === 429) || resends === MAX_RATE_LIMIT_RESENDS) throw error;
      const wait = error.retryAfter ?? 1;
      onWait(`Rate limited by the gateway; sending again in ${wait} s`);
      await sleep(wait * 1000);
      onWait(null);
    }
  }
}
