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
import { useTestTempRoot } from "../support/test-temp-root.ts";

/**
 * `npm run bench`: every figure as one JSON line `{"name", "value", "unit"}`. Every data folder,
 * gateway and browser profile it makes is under one temporary root, removed when it ends or is stopped.
 */
const removeTempRoot = useTestTempRoot();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    removeTempRoot();
    process.exit(128 + (signal === "SIGINT" ? 2 : 15));
  });
}
try {
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
} finally {
  removeTempRoot();
}
