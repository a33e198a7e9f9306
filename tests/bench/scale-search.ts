import type { DatabaseSync } from "node:sqlite";
import type { Browser, Page } from "playwright-core";
import { searchConversations } from "../../electron/services/chat/conversation-search.ts";
import { sized } from "./bench-size.ts";
import { longestTask, traceMainThreadTasks, type MainThreadTask } from "./long-tasks.ts";
import { median } from "./measure.ts";

/**
 * What people look for in a year of conversations (`scale-conversations.ts`): topics many
 * conversations share, words every reply has, one question among 50,000, and nothing at all.
 * No query is part of another, so a list showing one's results is never taken for the next's.
 */
const QUERIES = [
  "rate limiter",
  "B-tree",
  "Question 4242",
  "handle part 17",
  "OAuth",
  "CSV parser",
  "Question 1234",
  "measure before optimising",
  "React's effects",
  "TLS",
  "countQuestionHowDoes",
];
/** Found nowhere: its results are the sentence that nothing matches. */
const NOWHERE = "no such words anywhere";
/** Shorter than the index's three characters: read from the text itself. */
const SHORT_QUERIES = ["42", "zq", "Qu", "数据"];
/** Times each query is run for the main process's figures (in a smoke run, 1). */
const QUERY_RUNS = 5;
/** Pixels the conversation list is scrolled by each frame while its longest task is traced. */
const SCROLL_STEP_PX = 400;
const TRACE_AFTER_MS = 1000;

/** What the search index (`message_search`'s tables, SQLite's `dbstat`) weighs per message. */
export function searchBytesPerMessage(db: DatabaseSync, messages: number): number {
  const row = db.prepare("SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name GLOB 'message_search_*'").get();
  return Number(row?.bytes ?? 0) / messages;
}

/** The search as main runs it, each query timed `QUERY_RUNS` times: the median of all. */
export function searchQueryMs(db: DatabaseSync, short = false): number {
  const times: number[] = [];
  for (const query of short ? SHORT_QUERIES : [...QUERIES, NOWHERE]) {
    for (let run = 0; run < sized(QUERY_RUNS, 1); run++) {
      const started = performance.now();
      searchConversations(db, query, []);
      times.push(performance.now() - started);
    }
  }
  return median(times);
}

/** The queries the window is timed with, each with whether nothing matches it in `db` (a smoke run's few conversations). */
export function pageQueries(db: DatabaseSync): (readonly [string, boolean])[] {
  return [...sized(QUERIES, QUERIES.slice(0, 2)), NOWHERE].map(
    (query) => [query, searchConversations(db, query, []).hits.length === 0] as const,
  );
}

/**
 * In the page: when the conversation list shows the results of `text` (its first conversation holds
 * it, or, `none`, the sentence that nothing matches), the time; false until then.
 */
function resultsShownAt([text, none]: readonly [string, boolean]): number | false {
  const first = document.querySelector(".conversation-list__item");
  const shown = none
    ? document.querySelector(".conversation-list .empty-state") !== null
    : (first?.textContent ?? "").toLowerCase().includes(text.toLowerCase());
  return shown && performance.now();
}

/**
 * Ctrl+K then a query, as the window answers it: from the text in the search box to the frame that
 * shows its results; the median over the queries.
 */
export async function searchPageMs(page: Page, queries: readonly (readonly [string, boolean])[]): Promise<number> {
  await page.keyboard.press("Control+K");
  const box = page.getByRole("searchbox", { name: "Search conversations" });
  await page.waitForFunction(() => document.activeElement?.matches("input[type=search]"));
  const times: number[] = [];
  for (const [query, none] of queries) {
    const started = await box.evaluate((element: HTMLInputElement, text) => {
      const at = performance.now();
      // As typing or pasting sets it: React reads the native setter's value from the input event.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(element, text);
      element.dispatchEvent(new Event("input", { bubbles: true }));
      return at;
    }, query);
    // Checked as each frame starts: the frame that finds the results is the one that paints them.
    const shownAt = await page.waitForFunction(resultsShownAt, [query, none] as const, {
      polling: "raf",
    });
    times.push(Number(await shownAt.jsonValue()) - started);
  }
  return median(times);
}

/**
 * The longest main-thread task while the conversation list is shown with every conversation (folded
 * away, then shown again: the transcript beside it stays as it was), scrolls from top to bottom, and
 * a search is typed and cleared (see `longestTask`).
 */
export async function conversationListLongestTask(browser: Browser, page: Page): Promise<MainThreadTask> {
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  const list = page.getByRole("complementary", { name: "Conversations" });
  await list.getByRole("listitem").first().waitFor();
  await page.getByRole("button", { name: "Hide conversations" }).click();
  await list.waitFor({ state: "detached" });
  const tasks = await traceMainThreadTasks(browser, page, async () => {
    await page.getByRole("button", { name: "Show conversations" }).click();
    await list.getByRole("listitem").first().waitFor();
    await list.locator(".conversation-list__scroller").evaluate(async (element, step) => {
      while (element.scrollTop + element.clientHeight < element.scrollHeight) {
        element.scrollTop += step;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    }, SCROLL_STEP_PX);
    const box = page.getByRole("searchbox", { name: "Search conversations" });
    await box.pressSequentially("rate limiter");
    await page.waitForFunction(resultsShownAt, ["rate limiter", false] as const, { polling: "raf" });
    await box.fill("");
    await page.waitForTimeout(sized(TRACE_AFTER_MS, 200));
  });
  return longestTask(tasks);
}
