import { once } from "node:events";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { start } from "../../electron/local-gateway/index.ts";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { DATA_FILES } from "../../electron/services/store/data-files.ts";
import { launchChromium } from "../support/chromium.ts";
import { tempDir } from "../support/local-gateway.ts";
import { benchRenderer } from "./bench-app.ts";
import { sized } from "./bench-size.ts";
import { BUDGET_ACCOUNTS, BUDGET_KEY, budgetPaneLongestTask } from "./budget-bench.ts";
import { median, reportBaselines, reportScaled, type ScaledFigure } from "./measure.ts";
import { countsAt, writeScaleFolder, type ProfileCounts } from "./scale-data.ts";
import { bytesAfterRetention, folderFigures } from "./scale-folder-figures.ts";
import { GALLERY_FIGURES, galleryPaneFigures, type GalleryPaneFigures } from "./scale-gallery-pane.ts";
import {
  conversationListLongestTask,
  pageQueries,
  searchBytesPerMessage,
  searchPageMs,
  searchQueryMs,
} from "./scale-search.ts";
import { startOnce } from "./startup-bench.ts";
import { upkeepOver } from "./upkeep-over.ts";
import { startWebHost } from "./web-host-process.ts";

/** Start-ups each start-up figure is the median of (in a smoke run, 1). */
const STARTS = 3;

type Figures = ReturnType<typeof folderFigures> &
  GalleryPaneFigures & {
    searchQuery: number;
    shortSearchQuery: number;
    searchBytesPerMessage: number;
    budgetPane: number;
    budgetPaneThread: number;
    conversationListPane: number;
    conversationListPaneThread: number;
    searchPage: number;
    startup: number;
    bytesYear: number;
  };

/** Each figure: its name at ten times today's size, its baseline's at today's size, and its unit. */
const FIGURES: readonly ScaledFigure<keyof Figures>[] = [
  ["ledgerQuery", "ledger_query_ms_1m", "ledger_query_ms_100k_baseline", "ms"],
  ["spendQuery", "budget_spend_query_ms_1m", "budget_spend_query_ms_100k_baseline", "ms"],
  ["spendYearQuery", "budget_spend_year_query_ms_1m", "budget_spend_year_query_ms_100k_baseline", "ms"],
  ["conversationList", "conversation_list_ms_2000", "conversation_list_ms_200_baseline", "ms"],
  ["searchQuery", "conversation_search_ms_p50", "conversation_search_ms_p50_10k_baseline", "ms"],
  ["shortSearchQuery", "conversation_search_short_ms_p50", "conversation_search_short_ms_p50_10k_baseline", "ms"],
  ["bytesPerLedgerRow", "db_bytes_per_ledger_row", "db_bytes_per_ledger_row_100k_baseline", "bytes"],
  ["bytesPerMessage", "db_bytes_per_message", "db_bytes_per_message_10k_baseline", "bytes"],
  ["searchBytesPerMessage", "db_search_bytes_per_message", "db_search_bytes_per_message_10k_baseline", "bytes"],
  ["budgetPane", "budget_pane_long_task_max_ms_1m", "budget_pane_long_task_max_ms_100k_baseline", "ms"],
  ["budgetPaneThread", "budget_pane_long_task_thread_ms_1m", "budget_pane_long_task_thread_ms_100k_baseline", "ms"],
  [
    "conversationListPane",
    "conversation_list_long_task_max_ms",
    "conversation_list_long_task_max_ms_200_baseline",
    "ms",
  ],
  [
    "conversationListPaneThread",
    "conversation_list_long_task_thread_ms",
    "conversation_list_long_task_thread_ms_200_baseline",
    "ms",
  ],
  ["searchPage", "conversation_search_page_ms_p50", "conversation_search_page_ms_p50_10k_baseline", "ms"],
  ["startup", "startup_total_ms_large", "startup_total_ms_today_baseline", "ms"],
  ["bytesYear", "db_bytes_year", "db_bytes_year_today_baseline", "bytes"],
  ...GALLERY_FIGURES,
];

interface Stand {
  readonly browser: Browser;
  readonly gatewayUrl: string;
  readonly renderer: string;
}

/**
 * Every figure of one data folder: the database's, then the Budget, Chat and gallery panes' (once
 * the start's upkeep is over), then start-up.
 */
async function measureFolder(stand: Stand, counts: ProfileCounts): Promise<Figures> {
  const dataDir = tempDir("bench-scale-");
  try {
    const profileId = await writeScaleFolder(dataDir, stand.gatewayUrl, BUDGET_KEY, counts);
    const db = openAppDatabase(join(dataDir, DATA_FILES.database));
    const { queries, ...figures } = (() => {
      try {
        return {
          ...folderFigures(db, profileId, counts),
          searchQuery: searchQueryMs(db),
          shortSearchQuery: searchQueryMs(db, true),
          searchBytesPerMessage: searchBytesPerMessage(db, counts.messages),
          queries: pageQueries(db),
        };
      } finally {
        db.close();
      }
    })();
    const hostStarted = new Date();
    const { host, url } = await startWebHost(dataDir, stand.gatewayUrl, BUDGET_KEY, stand.renderer);
    let pane: Pick<
      Figures,
      "budgetPane" | "budgetPaneThread" | "conversationListPane" | "conversationListPaneThread" | "searchPage"
    > &
      GalleryPaneFigures;
    try {
      const page = await stand.browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(url);
      await upkeepOver(page, dataDir, hostStarted);
      const budget = await budgetPaneLongestTask(stand.browser, page);
      const list = await conversationListLongestTask(stand.browser, page);
      pane = {
        budgetPane: budget.wallMs,
        budgetPaneThread: budget.threadMs,
        conversationListPane: list.wallMs,
        conversationListPaneThread: list.threadMs,
        searchPage: await searchPageMs(page, queries),
        ...(await galleryPaneFigures(stand.browser, url, dataDir, counts.pictures)),
      };
      await page.close();
    } finally {
      // Let go before the next start: the data folder takes one host at a time.
      const exited = once(host, "exit");
      host.kill("SIGTERM");
      await exited;
    }
    const totals: number[] = [];
    for (let round = 0; round < sized(STARTS, 1); round++) {
      const host = { dataDir, gatewayUrl: stand.gatewayUrl, key: BUDGET_KEY, renderer: stand.renderer };
      const { hostReady, usable } = await startOnce(stand.browser, host);
      totals.push(hostReady + usable);
    }
    // Last: the retention prunes the folder the figures above read whole.
    const bytesYear = bytesAfterRetention(join(dataDir, DATA_FILES.database));
    return { ...figures, ...pane, startup: median(totals), bytesYear };
  } finally {
    // Each start backed the database up: the folders are let go as soon as they are measured.
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * A year of heavy use (1M ledger rows, 100k messages, 10k pictures; `scale-data.ts`) against today's
 * tenth of it, measured the same way in the same run: each figure beside its baseline, and its
 * growth (the large value over the baseline; 10 is linear in the work).
 */
export async function scaleBench(): Promise<void> {
  const gateway = await start({ port: 0, dataDir: tempDir("bench-scale-gw-"), config: BUDGET_ACCOUNTS });
  const renderer = await benchRenderer();
  const browser = await launchChromium();
  try {
    const stand = { browser, gatewayUrl: gateway.url, renderer };
    // A smoke run writes a hundredth of each size.
    const today = await measureFolder(stand, countsAt(sized(0.1, 0.001)));
    reportBaselines(FIGURES, today);
    reportScaled(FIGURES, today, await measureFolder(stand, countsAt(sized(1, 0.01))));
  } finally {
    await browser.close();
    await gateway.close();
  }
}
