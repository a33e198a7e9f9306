import { z } from "zod";

/**
 * What the app does with its data after the start, said in the status bar while it runs: the
 * database read whole for damage, its backup, the indexes an upgrade left to build, then the
 * messages written before the search index and the ledger's pruning and daily sums (null: none).
 * `damaged`: that check found the database damaged, and the host stopped the app to offer the same
 * recovery as at a start (the web host's recovery page, which the window then opens).
 */
export const DataUpkeepSchema = z.object({
  work: z.enum(["checking", "backingUp", "indexing", "indexingSearch", "tidyingLedger"]).nullable(),
  damaged: z.boolean(),
});
export type DataUpkeepState = z.infer<typeof DataUpkeepSchema>;
export type UpkeepWork = NonNullable<DataUpkeepState["work"]>;
