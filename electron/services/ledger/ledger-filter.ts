import type { SQLInputValue } from "node:sqlite";
import { BACKGROUND_KINDS, type LedgerFilter } from "../../../shared/ipc/ledger.ts";

/**
 * Written out, not bound: only a condition worded as the partial index `ledger_foreground` is worded
 * lets the Requests table count a period's own calls from that index.
 */
export const NOT_BACKGROUND = `kind NOT IN (${BACKGROUND_KINDS.map((kind) => `'${kind}'`).join(", ")})`;

/** A filter as SQL over `request_log`, for one profile; each condition can use the ledger's indexes. */
export function ledgerWhere(profileId: string, filter: LedgerFilter): { sql: string; params: SQLInputValue[] } {
  const conditions = ["profile_id = ?"];
  const params: SQLInputValue[] = [profileId];
  if (filter.model !== undefined) {
    conditions.push("model = ?");
    params.push(filter.model);
  }
  if (filter.kind !== undefined) {
    conditions.push("kind = ?");
    params.push(filter.kind);
  }
  if (filter.hideBackground) conditions.push(NOT_BACKGROUND);
  if (filter.outcome === "ok") conditions.push("status BETWEEN 200 AND 299");
  if (filter.outcome === "error") conditions.push("outside = 0 AND (status IS NULL OR status NOT BETWEEN 200 AND 299)");
  if (filter.from !== undefined) {
    conditions.push("started_at >= ?");
    params.push(Date.parse(filter.from));
  }
  if (filter.to !== undefined) {
    conditions.push("started_at <= ?");
    params.push(Date.parse(filter.to));
  }
  const requestId = filter.requestId?.trim();
  if (requestId) {
    // A prefix as a range, so a pasted part of an id still finds it through the index.
    conditions.push("request_id >= ? AND request_id < ?");
    params.push(requestId, `${requestId}\u{10FFFF}`);
  }
  return { sql: conditions.join(" AND "), params };
}
