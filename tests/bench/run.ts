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
import { runWithin } from "./bench-limits.ts";

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
const MINUTE = 60_000;

/**
 * In the order they run, each with its time limit (a few times its longest run here);
 * `npm run bench -- relay_page compare` runs only the benches so named.
 */
const BENCHES: Record<string, { readonly run: () => Promise<void>; readonly limitMs: number }> = {
  relay: { run: relayBench, limitMs: 10 * MINUTE },
  relay_page: { run: relayPageBench, limitMs: 10 * MINUTE },
  compare: { run: compareBench, limitMs: 10 * MINUTE },
  startup: { run: startupBench, limitMs: 10 * MINUTE },
  ui: { run: uiBench, limitMs: 15 * MINUTE },
  markdown: { run: markdownBench, limitMs: 10 * MINUTE },
  renderer_memory: { run: rendererMemoryBench, limitMs: 15 * MINUTE },
  host_memory: { run: hostMemoryBench, limitMs: 10 * MINUTE },
  tasks: { run: tasksBench, limitMs: 45 * MINUTE },
  budget: { run: budgetBench, limitMs: 15 * MINUTE },
  money: { run: moneyBench, limitMs: 120 * MINUTE },
  ledger: { run: ledgerBench, limitMs: 5 * MINUTE },
  long_reply: { run: longReplyBench, limitMs: 5 * MINUTE },
  gateway_render: { run: gatewayRenderBench, limitMs: 10 * MINUTE },
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`No bench named ${unknown.join(", ")}; the benches are ${Object.keys(BENCHES).join(", ")}.`);
  process.exit(2);
}
const unfinished: string[] = [];
try {
  for (const [name, { run, limitMs }] of Object.entries(BENCHES)) {
    if (chosen.length > 0 && !chosen.includes(name)) continue;
    const outcome = await runWithin(name, run, limitMs);
    if (outcome !== "done") unfinished.push(`${name} (${outcome})`);
  }
} finally {
  removeTempRoot();
}
if (unfinished.length > 0) console.error(`Benches that did not finish: ${unfinished.join(", ")}`);
// A bench that timed out may still hold sockets or a browser open: the run ends here either way.
process.exit(unfinished.length > 0 ? 1 : 0);
