import { LedgerRetentionSchema } from "../../../shared/ipc/ledger.ts";
import type { SettingsStore } from "../vault/settings-store.ts";
import { DEFAULT_LEDGER_RETENTION_DAYS } from "./ledger-store.ts";

/** The settings key holding how many days of ledger rows to keep. */
export const LEDGER_RETENTION_SETTING = "ledgerRetentionDays";

const RetentionSchema = LedgerRetentionSchema.shape.days.catch(DEFAULT_LEDGER_RETENTION_DAYS);

export function ledgerRetentionDays(settings: SettingsStore): number {
  return RetentionSchema.parse(settings.get(LEDGER_RETENTION_SETTING) ?? DEFAULT_LEDGER_RETENTION_DAYS);
}

export function setLedgerRetentionDays(settings: SettingsStore, days: number): number {
  settings.set(LEDGER_RETENTION_SETTING, days);
  return days;
}
