import { z } from "zod";
import type { SettingsStore } from "../vault/settings-store.ts";
import { DEFAULT_LEDGER_RETENTION_DAYS } from "./ledger-store.ts";

/** The settings key holding how many days of ledger rows to keep. */
export const LEDGER_RETENTION_SETTING = "ledgerRetentionDays";

const RetentionSchema = z.number().int().min(1).max(3650).catch(DEFAULT_LEDGER_RETENTION_DAYS);

export function ledgerRetentionDays(settings: SettingsStore): number {
  return RetentionSchema.parse(settings.get(LEDGER_RETENTION_SETTING) ?? DEFAULT_LEDGER_RETENTION_DAYS);
}
