import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { start } from "../../electron/local-gateway/index.ts";
import type { CsvExportCursor } from "../../shared/ipc/ledger.ts";
import { ledgerCsvPart } from "../../electron/services/ledger/csv-export.ts";
import { LedgerStore } from "../../electron/services/ledger/ledger-store.ts";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { launchChromium } from "../support/chromium.ts";
import { tempDir } from "../support/local-gateway.ts";
import { benchRenderer } from "./bench-app.ts";
import { sized } from "./bench-size.ts";
import { activeProfileId, BUDGET_ACCOUNTS, BUDGET_KEY } from "./budget-bench.ts";
import { traceLongTasks } from "./long-tasks.ts";
import { report } from "./measure.ts";
import { startWebHost } from "./web-host-process.ts";

const DAY_MS = 86_400_000;
/** The export's period: the pane's "Last 30 days". */
const PERIOD_DAYS = 30;

interface ExportFigures {
  /** The page's longest main-thread task from Export CSV to the saved file (ms). */
  readonly longTaskMax: number;
  /** From Export CSV to the saved file (ms). */
  readonly total: number;
  /** The main process's longest part of the same export, read from the same file (ms). */
  readonly mainPartMax: number;
}

/** `rows` chats over the month before `now`, as a month of heavy use logs them. */
function seedMonth(file: string, profileId: string, rows: number, now: number): void {
  const db = openAppDatabase(file);
  const insert = db.prepare(
    `INSERT INTO request_log (profile_id, started_at, method, path, status, request_id, duration_ms, kind, model,
       input_tokens, output_tokens, chargeable, cost, cost_low, cost_high, cost_kind)
     VALUES (?, ?, 'POST', '/v1/chat/completions', 200, ?, ?, 'chat', ?, ?, ?, 1, ?, ?, ?, ?)`,
  );
  db.exec("BEGIN");
  for (let index = 0; index < rows; index++) {
    const cost = 0.001 + (index % 97) / 10_000;
    const estimated = index % 3 === 0;
    insert.run(
      profileId,
      now - 60_000 - Math.floor((index / rows) * (PERIOD_DAYS - 1) * DAY_MS),
      `req_export_${index}`,
      200 + (index % 4000),
      index % 2 === 0 ? "chat-fast" : "chat-pro",
      100 + (index % 3000),
      50 + (index % 900),
      cost,
      estimated ? cost * 0.8 : cost,
      estimated ? cost * 1.25 : cost,
      estimated ? "estimated" : "measured",
    );
  }
  db.exec("COMMIT");
  db.close();
}

/** The longest part of the export as the main process writes it, part after part as the window asks. */
function mainPartMax(file: string, profileId: string, now: number): number {
  const db = openAppDatabase(file);
  try {
    const ledger = new LedgerStore(db);
    const filter = { hideBackground: true, from: new Date(now - PERIOD_DAYS * DAY_MS).toISOString() };
    let longest = 0;
    let after: CsvExportCursor | null = null;
    do {
      const started = performance.now();
      after = ledgerCsvPart(ledger, profileId, filter, after).next;
      longest = Math.max(longest, performance.now() - started);
    } while (after !== null);
    return longest;
  } finally {
    db.close();
  }
}

async function stopHost(host: ChildProcess): Promise<void> {
  const exited = once(host, "exit");
  host.kill("SIGTERM");
  await exited;
}

/** A month of `rows` calls exported from the Requests section, with the page traced. */
async function exportMonth(browser: Browser, gatewayUrl: string, renderer: string, rows: number) {
  const dataDir = tempDir("bench-csv-export-");
  const { host, url } = await startWebHost(dataDir, gatewayUrl, BUDGET_KEY, renderer);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url);
    const profileId = await activeProfileId(page);
    const file = join(dataDir, "modeldesk.sqlite");
    const now = Date.now();
    seedMonth(file, profileId, rows, now);
    await page.getByRole("button", { name: "Budget", exact: true }).click();
    const period = page.getByRole("group", { name: "Period" }).getByRole("combobox", { name: "Period" });
    await period.selectOption({ label: "Last 30 days" });
    await page.getByRole("table", { name: "Requests" }).waitFor();
    let total = 0;
    const longTasks = await traceLongTasks(browser, page, async () => {
      const download = page.waitForEvent("download", { timeout: 10 * 60_000 });
      const started = performance.now();
      await page.getByRole("button", { name: "Export CSV" }).click();
      await (await download).path();
      total = performance.now() - started;
      await page.getByRole("progressbar", { name: "Export progress" }).waitFor({ state: "hidden" });
    });
    await page.close();
    // Read once the host has let go, so its start's upkeep does not share the file meanwhile.
    await stopHost(host);
    return { longTaskMax: Math.max(0, ...longTasks), total, mainPartMax: mainPartMax(file, profileId, now) };
  } finally {
    host.kill("SIGTERM");
  }
}

/**
 * The CSV of a month of heavy use (100,000 calls) exported from the Budget pane, beside a month of
 * 10,000 in the same run: the page's longest task, the main process's longest part, the time taken.
 */
export async function csvExportBench(): Promise<void> {
  const gateway = await start({ port: 0, dataDir: tempDir("bench-csv-export-gw-"), config: BUDGET_ACCOUNTS });
  const renderer = await benchRenderer();
  const browser = await launchChromium();
  try {
    const figures: Record<"small" | "large", ExportFigures> = {
      small: await exportMonth(browser, gateway.url, renderer, sized(10_000, 500)),
      large: await exportMonth(browser, gateway.url, renderer, sized(100_000, 5000)),
    };
    const names = [
      ["longTaskMax", "csv_export_long_task_max_ms"],
      ["mainPartMax", "csv_export_main_part_max_ms"],
      ["total", "csv_export_ms"],
    ] as const;
    for (const [key, name] of names) report(`${name}_10k_baseline`, figures.small[key], "ms");
    for (const [key, name] of names) report(`${name}_100k`, figures.large[key], "ms");
  } finally {
    await browser.close();
    await gateway.close();
  }
}
