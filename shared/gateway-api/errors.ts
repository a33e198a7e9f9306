import { z } from "zod";

/** Error codes the spec defines, plus the ones this gateway adds where the spec is silent (see docs/spec-choices.md). */
export const GATEWAY_ERROR_CODES = [
  "INVALID_PARAMS",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "MODEL_NOT_FOUND",
  "RATE_LIMIT",
  "INTERNAL_ERROR",
  "UPSTREAM_ERROR",
  "GATEWAY_TIMEOUT",
  "INSUFFICIENT_BALANCE",
  "BUDGET_EXCEEDED",
  "TASK_NOT_FOUND",
  "TASK_NOT_CANCELLABLE",
  "NOT_FOUND",
  "PAYLOAD_TOO_LARGE",
] as const;

export type GatewayErrorCode = (typeof GATEWAY_ERROR_CODES)[number];

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    request_id: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
