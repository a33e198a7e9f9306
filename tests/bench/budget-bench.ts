import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { start } from "../../electron/local-gateway/index.ts";
import { invoke, openBridgeAt, secretHeldBy } from "../support/bridge-client.ts";
import { launchChromium } from "../support/chromium.ts";
import { tempDir } from "../support/local-gateway.ts";
import { benchRenderer } from "./bench-app.ts";
import { sized } from "./bench-size.ts";
import { report } from "./measure.ts";
import { startWebHost } from "./web-host-process.ts";
import { longestTask, traceMainThreadTasks, type MainThreadTask } from "./long-tasks.ts";

export const BUDGET_KEY = "sk-bench-budget-0001";
/** A key with a balance and both budgets, so every part of the Budget pane has something to show. */
export const BUDGET_ACCOUNTS = {
  tenants: [{ id: "t", name: "Bench", topupBalance: 5000, giftBalance: 0 }],
  keys: [{ key: BUDGET_KEY, tenant: "t", id: "k", name: "Bench key", dailyBudget: 20, monthlyBudget: 400 }],
  timeScale: 0,
};
/** The history seeded (in a smoke run, 500 rows over 2 days). */
const LEDGER_ROWS = 100_000;
const DAYS = 90;
/** How long the pane is traced after its tables are drawn (in a smoke run, 200 ms). */
const TRACE_AFTER_MS = 1500;
const SAMPLE_EVERY_MS = 10 * 60_000;
const MODELS = [
  ["chat", "chat-fast"],
  ["chat", "chat-pro"],
  ["search", "chat-fast"],
  ["image", "image-fast"],
  ["image", "image-pro"],
  ["video", "video-std"],
  ["poll", null],
  ["balance", null],
] as const;

/** 100k ledger rows and 90 days of balance readings for the profile, as a long-used app would hold. */
function seedHistory(databaseFile: string, profileId: string, now: number): void {
  const db = openAppDatabase(databaseFile);
  const rows = sized(LEDGER_ROWS, 500);
  const since = now - sized(DAYS, 2) * 86_400_000;
  const call = db.prepare(
    `INSERT INTO request_log (profile_id, started_at, method, path, status, request_id, duration_ms, kind, model,
       input_tokens, output_tokens, cost, cost_kind) VALUES (?, ?, 'POST', '/v1/chat/completions', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const sample = db.prepare(
    "INSERT INTO balance_samples (profile_id, sampled_at, balance, daily_used, monthly_used) VALUES (?, ?, ?, ?, ?)",
  );
  db.exec("BEGIN");
  for (let index = 0; index < rows; index++) {
    const [kind, model] = MODELS[index % MODELS.length] ?? MODELS[0];
    const at = since + Math.floor((index / rows) * (now - since));
    const paid = model !== null;
    const failed = index % 37 === 0;
    call.run(
      profileId,
      at,
      failed ? 500 : 200,
      `req_bench_${index}`,
      40 + (index % 900),
      kind,
      model,
      kind === "chat" ? 200 + (index % 300) : null,
      kind === "chat" ? 400 + (index % 500) : null,
      paid && !failed ? 0.01 + (index % 50) / 1000 : null,
      paid && !failed ? (index % 3 === 0 ? "measured" : "estimated") : "free",
    );
  }
  let balance = 5000;
  for (let at = since; at < now; at += SAMPLE_EVERY_MS) {
    balance -= 0.02 + (at % 7) / 1000;
    sample.run(profileId, at, balance, 3 + (at % 11) / 10, 80 + (at % 13));
  }
  db.exec("COMMIT");
  db.close();
}

/** The active profile's id, asked over the page's own bridge (its secret, its origin). */
export async function activeProfileId(page: Page): Promise<string> {
  const bridge = await openBridgeAt(new URL(page.url()).origin, await secretHeldBy(page));
  try {
    const state = await invoke<{ ok: boolean; data?: { activeId: string | null } }>(bridge, "profiles.list");
    if (!state.data?.activeId) throw new Error("no active profile");
    return state.data.activeId;
  } finally {
    bridge.close();
  }
}

/**
 * The longest main-thread task while the Budget pane opens on `page` and draws its charts, its
 * Requests table and every profile, and a while after (see `longestTask`).
 */
export async function budgetPaneLongestTask(browser: Browser, page: Page): Promise<MainThreadTask> {
  await page.getByRole("button", { name: "Chat", exact: true }).waitFor();
  const tasks = await traceMainThreadTasks(browser, page, async () => {
    await page.getByRole("button", { name: "Budget", exact: true }).click();
    await page.getByRole("region", { name: "Spend by model" }).waitFor();
    await page.getByRole("table", { name: "All profiles" }).waitFor();
    await page.waitForTimeout(sized(TRACE_AFTER_MS, 200));
  });
  return longestTask(tasks);
}

/**
 * Opens the Budget pane over 100k ledger rows and 90 days of readings and reports its longest
 * main-thread task, beside the same pane over an empty history (the baseline of this run).
 */
export async function budgetBench(): Promise<void> {
  const gateway = await start({
    port: 0,
    dataDir: tempDir("bench-budget-gw-"),
    config: BUDGET_ACCOUNTS,
  });
  const renderer = await benchRenderer();
  let browser: Browser | null = null;
  const hosts: { kill(signal: NodeJS.Signals): boolean }[] = [];
  try {
    browser = await launchChromium();
    const figures: Record<string, number> = {};
    for (const seeded of [false, true]) {
      const dataDir = tempDir("bench-budget-app-");
      const { host, url } = await startWebHost(dataDir, gateway.url, BUDGET_KEY, renderer);
      hosts.push(host);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(url);
      if (seeded) seedHistory(join(dataDir, "modeldesk.sqlite"), await activeProfileId(page), Date.now());
      figures[seeded ? "seeded" : "empty"] = (await budgetPaneLongestTask(browser, page)).wallMs;
      await page.close();
    }
    report("budget_pane_long_task_max_ms", figures["seeded"] ?? 0, "ms");
    report("budget_pane_long_task_max_ms_empty_baseline", figures["empty"] ?? 0, "ms");
  } finally {
    await browser?.close();
    for (const host of hosts) host.kill("SIGTERM");
    await gateway.close();
  }
}
