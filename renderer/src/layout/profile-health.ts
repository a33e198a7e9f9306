import type { UseQueryResult } from "@tanstack/react-query";
import { errorDetail } from "../api/api-error.ts";

type ProfileHealth = "ok" | "limited" | "error" | "unknown" | "disconnected";

/** The dot next to the active profile, read from its latest balance call. */
export function profileHealth(budget: Pick<UseQueryResult, "isSuccess" | "isError" | "error">): ProfileHealth {
  if (budget.isError) return errorDetail(budget.error).code === "RATE_LIMIT" ? "limited" : "error";
  return budget.isSuccess ? "ok" : "unknown";
}
