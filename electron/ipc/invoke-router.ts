import type { z } from "zod";
import { INVOKE_CHANNELS, isInvokeChannel, type InvokeChannel, type InvokeOutput } from "../../shared/ipc/contract.ts";
import { failure, ok, type Result } from "../../shared/ipc/result.ts";
import { firstIssue } from "../../shared/first-issue.ts";
import { codedText } from "../../shared/text/app-texts.ts";
import { codedIssue } from "../../shared/text/schema-issues.ts";
import { AppError, appError } from "../services/app-error.ts";
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
      return failure(toIpcError(appError("UNKNOWN_CHANNEL", { channel })));
    }
    const parsed = INVOKE_CHANNELS[channel].input.safeParse(payload);
    if (!parsed.success) return failure(toIpcError(refusedPayload(channel, parsed.error)));
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

/** What the payload's first problem is, where: the schema's own sentence when it names one. */
function refusedPayload(channel: string, error: z.ZodError): AppError {
  const { field, message } = firstIssue(error);
  const where = field ? `${channel}: ${field}` : channel;
  const [issue] = error.issues;
  const cause = issue ? codedIssue(issue) : null;
  return new AppError(
    "INVALID_PAYLOAD",
    cause ? codedText("INVALID_PAYLOAD", { where }, cause) : codedText("INVALID_PAYLOAD", { where, cause: message }),
  );
}
