import type { DatabaseSync } from "node:sqlite";
import type { ModelPrice } from "../../../shared/ipc/ledger.ts";
import { MessageMetaSchema } from "../../../shared/ipc/chat.ts";
import { oneRow } from "../../common/sql-rows.ts";
import { readStoredColumn } from "../store/stored-json.ts";
import { estimateOf, featuresOf, type PricedCall } from "./price-fitting.ts";

/**
 * The tokens the app counted in a stopped reply, by its own tokenizer. The ledger keeps the gateway's
 * counts only (a stopped stream was sent more than the app read), so these serve for an estimate alone.
 */
function countedTokensOf(db: DatabaseSync, callId: number): Pick<PricedCall, "inputTokens" | "outputTokens"> | null {
  const row = oneRow<{ meta: string | null }>(
    db.prepare(
      `SELECT messages.meta FROM request_log JOIN messages ON messages.id = request_log.message_id
       WHERE request_log.id = ?`,
    ),
    callId,
  );
  const meta = readStoredColumn(row?.meta, MessageMetaSchema);
  return meta?.tokensEstimated ? { inputTokens: meta.inputTokens, outputTokens: meta.outputTokens } : null;
}

/**
 * What a call no balance movement can measure is estimated at: its prices times its quantities, or for
 * a stopped reply times the tokens the app counted (at least what the gateway charged for), shown as ≈.
 */
export function unmeasuredEstimate(
  db: DatabaseSync,
  call: PricedCall & { readonly id: number },
  prices: readonly ModelPrice[],
): number | null {
  return estimateOf(featuresOf(call) ?? featuresOf({ ...call, ...countedTokensOf(db, call.id) }), prices);
}
