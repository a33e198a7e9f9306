import { CostKindSchema, LEDGER_KINDS, type CostKind, type LedgerKind } from "../../../shared/ipc/ledger.ts";

/*
 * A stored kind read back, for every row of a page, an export or a year of spend: a set's lookup
 * rather than a schema's parse for each (the parse took more than the query).
 */
const KINDS: ReadonlySet<string> = new Set(LEDGER_KINDS);
const COST_KINDS: ReadonlySet<string> = new Set(CostKindSchema.options);
const isLedgerKind = (kind: string): kind is LedgerKind => KINDS.has(kind);
const isCostKind = (kind: string): kind is CostKind => COST_KINDS.has(kind);

/** A row's kind; one the app no longer knows reads as `other`. */
export const ledgerKindOf = (kind: string): LedgerKind => (isLedgerKind(kind) ? kind : "other");

/** A row's cost kind; one the app no longer knows reads as `unknown`. */
export const costKindOf = (kind: string): CostKind => (isCostKind(kind) ? kind : "unknown");
