import { budgetBench } from "./budget-bench.ts";
import { compareBench } from "./compare-bench.ts";
import { csvExportBench } from "./csv-export-bench.ts";
import { gatewayRenderBench } from "./gateway-render-bench.ts";
import { hostMemoryBench } from "./host-memory-bench.ts";
import { ledgerBench } from "./ledger-bench.ts";
import { longReplyBench } from "./long-reply-bench.ts";
import { markdownBench } from "./markdown-bench.ts";
import { moneyBench } from "./money-bench.ts";
import { relayBench } from "./relay-bench.ts";
import { relayPageBench } from "./relay-page-bench.ts";
import { rendererMemoryBench } from "./renderer-memory-bench.ts";
import { scaleBench } from "./scale-bench.ts";
import { scaleGalleryBench } from "./scale-gallery-bench.ts";
import { startupBench } from "./startup-bench.ts";
import { tasksBench } from "./tasks-bench.ts";
import { tasksScaleBench } from "./tasks-scale.ts";
import { uiBench } from "./ui-bench.ts";
import { useTestTempRoot } from "../support/test-temp-root.ts";
import { benchRenderer } from "./bench-app.ts";
import { runWithin } from "./bench-limits.ts";
import { benchArgs, chooseBenchSize, sized, SMOKE_LIMIT_MS } from "./bench-size.ts";

/**
 * `npm run bench`: every figure as one JSON line `{"name", "value", "unit"}`. Every data folder,
 * gateway and browser profile it makes is under one temporary root, removed when it ends or is stopped.
 * `npm run bench -- --smoke` runs every bench (or those named) once at its smallest, each within
 * SMOKE_LIMIT_MS: CI's check that no bench throws or hangs.
 */
const MINUTE = 60_000;

/**
 * In the order they run, each with its time limit (a few times its longest run here; in a smoke run
 * its `smokeLimitMs`, else SMOKE_LIMIT_MS) and whether it opens the built renderer;
 * `npm run bench -- relay_page compare` runs only the benches so named.
 */
const BENCHES: Record<
  string,
  {
    readonly run: () => Promise<void>;
    readonly limitMs: number;
    readonly smokeLimitMs?: number;
    readonly renderer?: true;
  }
> = {
  relay: { run: relayBench, limitMs: 10 * MINUTE },
  relay_page: { run: relayPageBench, limitMs: 10 * MINUTE, renderer: true },
  compare: { run: compareBench, limitMs: 10 * MINUTE },
  startup: { run: startupBench, limitMs: 10 * MINUTE, renderer: true },
  ui: { run: uiBench, limitMs: 15 * MINUTE, renderer: true },
  markdown: { run: markdownBench, limitMs: 10 * MINUTE },
  renderer_memory: { run: rendererMemoryBench, limitMs: 15 * MINUTE, renderer: true },
  host_memory: { run: hostMemoryBench, limitMs: 10 * MINUTE, renderer: true },
  tasks: { run: tasksBench, limitMs: 45 * MINUTE },
  tasks_scale: { run: tasksScaleBench, limitMs: 30 * MINUTE, renderer: true },
  budget: { run: budgetBench, limitMs: 15 * MINUTE, renderer: true },
  csv_export: { run: csvExportBench, limitMs: 15 * MINUTE, renderer: true },
  money: { run: moneyBench, limitMs: 120 * MINUTE },
  ledger: { run: ledgerBench, limitMs: 5 * MINUTE },
  long_reply: { run: longReplyBench, limitMs: 5 * MINUTE },
  gateway_render: { run: gatewayRenderBench, limitMs: 10 * MINUTE },
  // Its smoke run writes two data folders and opens each in the browser and the host four times (40-60 s here).
  scale: { run: scaleBench, limitMs: 60 * MINUTE, smokeLimitMs: 3 * MINUTE, renderer: true },
  // The scale run's gallery figures alone: most of its 10-25 min is making and keeping 11,000 previews.
  scale_gallery: { run: scaleGalleryBench, limitMs: 45 * MINUTE, renderer: true },
};
const args = benchArgs(process.argv.slice(2));
if (args.unknownOptions.length > 0) {
  console.error(`No option ${args.unknownOptions.join(", ")}; the only option is --smoke.`);
  process.exit(2);
}
const unknown = args.names.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`No bench named ${unknown.join(", ")}; the benches are ${Object.keys(BENCHES).join(", ")}.`);
  process.exit(2);
}
chooseBenchSize(args.smoke);
const chosen = Object.entries(BENCHES).filter(([name]) => args.names.length === 0 || args.names.includes(name));
const removeTempRoot = useTestTempRoot();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    removeTempRoot();
    process.exit(128 + (signal === "SIGINT" ? 2 : 15));
  });
}
const unfinished: string[] = [];
try {
  // Built (when the sources changed since the last build) before the benches, so no bench's limit pays for it.
  if (chosen.some(([, bench]) => bench.renderer)) {
    const built = await runWithin("renderer_build", async () => void (await benchRenderer()), 10 * MINUTE);
    if (built !== "done") unfinished.push(`renderer_build (${built})`);
  }
  for (const [name, { run, limitMs, smokeLimitMs = SMOKE_LIMIT_MS }] of chosen) {
    const started = performance.now();
    const outcome = await runWithin(name, run, sized(limitMs, smokeLimitMs));
    // On stderr, so the figures alone are on stdout.
    console.error(`bench ${name}: ${outcome} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (outcome !== "done") unfinished.push(`${name} (${outcome})`);
  }
} finally {
  removeTempRoot();
}
if (unfinished.length > 0) console.error(`Benches that did not finish: ${unfinished.join(", ")}`);
// A bench that timed out may still hold sockets or a browser open: the run ends here either way.
process.exit(unfinished.length > 0 ? 1 : 0);
