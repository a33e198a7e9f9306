import { LedgerRetentionSchema } from "../../../shared/ipc/ledger.ts";
import { typedSetting } from "../vault/typed-setting.ts";
import { DEFAULT_LEDGER_RETENTION_DAYS } from "./ledger-store.ts";

/** How many days of ledger rows to keep. */
export const ledgerRetentionSetting = typedSetting(
  "ledgerRetentionDays",
  LedgerRetentionSchema.shape.days,
  DEFAULT_LEDGER_RETENTION_DAYS,
);
