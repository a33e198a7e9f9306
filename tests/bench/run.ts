import { budgetBench } from "./budget-bench.ts";
import { ledgerBench } from "./ledger-bench.ts";
import { relayBench } from "./relay-bench.ts";
import { tasksBench } from "./tasks-bench.ts";
import { uiBench } from "./ui-bench.ts";

/** `npm run bench`: every figure as one JSON line `{"name", "value", "unit"}`. */
await relayBench();
await uiBench();
await tasksBench();
await budgetBench();
await ledgerBench();
