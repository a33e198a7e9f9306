import { budgetBench } from "./budget-bench.ts";
import { gatewayRenderBench } from "./gateway-render-bench.ts";
import { hostMemoryBench } from "./host-memory-bench.ts";
import { ledgerBench } from "./ledger-bench.ts";
import { moneyBench } from "./money-bench.ts";
import { relayBench } from "./relay-bench.ts";
import { relayPageBench } from "./relay-page-bench.ts";
import { rendererMemoryBench } from "./renderer-memory-bench.ts";
import { startupBench } from "./startup-bench.ts";
import { tasksBench } from "./tasks-bench.ts";
import { uiBench } from "./ui-bench.ts";

/** `npm run bench`: every figure as one JSON line `{"name", "value", "unit"}`. */
await relayBench();
await relayPageBench();
await startupBench();
await uiBench();
await rendererMemoryBench();
await hostMemoryBench();
await tasksBench();
await budgetBench();
await moneyBench();
await ledgerBench();
await gatewayRenderBench();
