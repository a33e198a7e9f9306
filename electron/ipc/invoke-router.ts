import type { z } from "zod";
import { INVOKE_CHANNELS, isInvokeChannel, type InvokeChannel, type InvokeOutput } from "../../shared/ipc/contract.ts";
import { failure, ok, type Result } from "../../shared/ipc/result.ts";
import { firstIssue } from "../../shared/first-issue.ts";
import { toIpcError } from "../services/error-values.ts";
import type { Page } from "../common/pages.ts";

export type InvokeHandlers = {
  [C in InvokeChannel]: (
    input: z.output<(typeof INVOKE_CHANNELS)[C]["input"]>,
    page: Page,
  ) => Promise<InvokeOutput<C>> | InvokeOutput<C>;
};

export type InvokeRouter = (channel: string, payload: unknown, page: Page) => Promise<Result<unknown>>;

/**
 * The one path every call from a window takes, whatever the transport: known channel → payload
 * validated with the contract's schema → handler → result value. Nothing is thrown across.
 */
export function createInvokeRouter(handlers: InvokeHandlers): InvokeRouter {
  return async (channel, payload, page) => {
    if (!isInvokeChannel(channel)) {
      return failure({ code: "UNKNOWN_CHANNEL", message: `There is no channel named "${channel}".` });
    }
    const parsed = INVOKE_CHANNELS[channel].input.safeParse(payload);
    if (!parsed.success) {
      const { field, message } = firstIssue(parsed.error);
      return failure({ code: "INVALID_PAYLOAD", message: `${channel}: ${field ? `${field}: ` : ""}${message}` });
    }
    try {
      // TypeScript cannot pair a handler with its own channel's input across the union of channels;
      // the input was just parsed with that channel's schema.
      const handler = handlers[channel] as (input: unknown, page: Page) => unknown;
      return ok(await handler(parsed.data, page));
    } catch (error) {
      return failure(toIpcError(error));
    }
  };
}
