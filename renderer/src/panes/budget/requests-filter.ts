import type { LedgerFilter, LedgerKind } from "../../../../shared/ipc/ledger.ts";
import { formatMilliseconds, formatSeconds } from "../../components/format.ts";

/** The Requests filters as the form holds them: "" for "any", dates as `YYYY-MM-DD`. */
export interface RequestsDraft {
  readonly model: string;
  readonly kind: LedgerKind | "";
  readonly outcome: "ok" | "error" | "";
  readonly from: string;
  readonly to: string;
  readonly requestId: string;
  /** Polls, balance readings and model lists too; off by default, so the calls the user made stand out. */
  readonly background: boolean;
}

export const EMPTY_DRAFT: RequestsDraft = {
  model: "",
  kind: "",
  outcome: "",
  from: "",
  to: "",
  requestId: "",
  background: false,
};

/** Local midnight of a `YYYY-MM-DD` date, `days` later; null for anything else. */
function localMidnight(date: string, days = 0): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
}

/**
 * The ledger filter of a form: empty fields left out, the date range from the start of its first
 * local day to the end of its last (`to` is exclusive at the next midnight, less a millisecond).
 */
export function ledgerFilter(draft: RequestsDraft, profileId: string): LedgerFilter {
  const from = localMidnight(draft.from);
  const to = localMidnight(draft.to, 1);
  const requestId = draft.requestId.trim();
  return {
    profileId,
    ...(draft.model ? { model: draft.model } : {}),
    // A kind chosen by name is shown, background or not.
    ...(draft.kind ? { kind: draft.kind } : draft.background ? {} : { hideBackground: true }),
    ...(draft.outcome ? { outcome: draft.outcome } : {}),
    ...(from ? { from: from.toISOString() } : {}),
    ...(to ? { to: new Date(to.getTime() - 1).toISOString() } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

/** "1.2 s" or "340 ms". */
export const formatLatency = (ms: number) =>
  ms >= 1000 ? formatSeconds(ms / 1000, 1) : formatMilliseconds(Math.round(ms));
