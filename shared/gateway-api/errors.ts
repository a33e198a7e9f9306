/** Error codes the spec defines, plus the ones this gateway adds where the spec is silent (see docs/spec-choices.md). */
export type GatewayErrorCode =
  | "INVALID_PARAMS"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "MODEL_NOT_FOUND"
  | "RATE_LIMIT"
  | "INTERNAL_ERROR"
  | "UPSTREAM_ERROR"
  | "GATEWAY_TIMEOUT"
  | "INSUFFICIENT_BALANCE"
  | "BUDGET_EXCEEDED"
  | "TASK_NOT_FOUND"
  | "TASK_NOT_CANCELLABLE"
  | "NOT_FOUND"
  | "PAYLOAD_TOO_LARGE";

export interface ErrorBody {
  readonly error: { readonly code: string; readonly message: string; readonly request_id: string };
}
