import { budgetBench } from "./budget-bench.ts";
import { compareBench } from "./compare-bench.ts";
import { gatewayRenderBench } from "./gateway-render-bench.ts";
import { hostMemoryBench } from "./host-memory-bench.ts";
import { ledgerBench } from "./ledger-bench.ts";
import { longReplyBench } from "./long-reply-bench.ts";
import { markdownBench } from "./markdown-bench.ts";
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
/** In the order they run; `npm run bench -- relay_page compare` runs only the benches so named. */
const BENCHES: Record<string, () => Promise<void>> = {
  relay: relayBench,
  relay_page: relayPageBench,
  compare: compareBench,
  startup: startupBench,
  ui: uiBench,
  markdown: markdownBench,
  renderer_memory: rendererMemoryBench,
  host_memory: hostMemoryBench,
  tasks: tasksBench,
  budget: budgetBench,
  money: moneyBench,
  ledger: ledgerBench,
  long_reply: longReplyBench,
  gateway_render: gatewayRenderBench,
};
const chosen = process.argv.slice(2);
try {
  for (const [name, bench] of Object.entries(BENCHES)) if (chosen.length === 0 || chosen.includes(name)) await bench();
} finally {
  removeTempRoot();
}
