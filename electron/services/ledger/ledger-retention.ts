import { type LedgerRetention, LedgerRetentionSchema } from "../../../shared/ipc/ledger.ts";
import type { SettingsStore } from "../vault/settings-store.ts";
import { typedSetting } from "../vault/typed-setting.ts";

/** How long ledger rows are kept unless the settings say otherwise. */
export const DEFAULT_LEDGER_RETENTION_DAYS = 180;
/**
 * How long background calls (polls, balance readings, model lists: half and more of a busy
 * ledger, never charged) are kept unless the settings say otherwise: a year of heavy use then
 * stays a few hundred megabytes (docs/budget.md).
 */
export const DEFAULT_BACKGROUND_RETENTION_DAYS = 30;

/** How many days of ledger rows to keep. */
export const ledgerRetentionSetting = typedSetting(
  "ledgerRetentionDays",
  LedgerRetentionSchema.shape.days,
  DEFAULT_LEDGER_RETENTION_DAYS,
);

/** How many days of background calls to keep. */
export const backgroundRetentionSetting = typedSetting(
  "ledgerBackgroundRetentionDays",
  LedgerRetentionSchema.shape.backgroundDays,
  DEFAULT_BACKGROUND_RETENTION_DAYS,
);

/** Both keep periods, as saved. */
export function readRetention(settings: SettingsStore): LedgerRetention {
  return { days: ledgerRetentionSetting.read(settings), backgroundDays: backgroundRetentionSetting.read(settings) };
}

export function writeRetention(settings: SettingsStore, retention: LedgerRetention): void {
  ledgerRetentionSetting.write(settings, retention.days);
  backgroundRetentionSetting.write(settings, retention.backgroundDays);
}
