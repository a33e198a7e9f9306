import { GatewayError } from "../gateway-client/gateway-error.ts";

/**
 * A server's refusal of what a request carried, worded as being about it: one of the statuses
 * servers refuse a request's content or parameters with, and a message every pattern matches.
 */
export function refusalAbout(
  caught: unknown,
  statuses: readonly number[],
  ...wordings: readonly RegExp[]
): GatewayError | null {
  if (!(caught instanceof GatewayError) || !statuses.includes(caught.status ?? 0)) return null;
  return wordings.every((wording) => wording.test(caught.message)) ? caught : null;
}
