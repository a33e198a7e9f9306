import type { Page } from "playwright-core";
import { start } from "../../electron/local-gateway/index.ts";
import { tempDir } from "../support/local-gateway.ts";
import { openBenchApp, type BenchApp } from "./bench-app.ts";
import { seedConversation, seedGallery, seedProfile } from "./bench-seed.ts";
import { sized } from "./bench-size.ts";
import { proveTraceSeesLongTasks, traceLongTasks } from "./long-tasks.ts";
import { report } from "./measure.ts";
import { scrollGallery } from "./gallery-scroll.ts";
import { jsHeapMb, renderersProportionalMb } from "./process-memory.ts";
import { RELAY_ACCOUNTS, RELAY_KEY } from "./relay-bench.ts";

/** The figures' names keep these sizes; a smoke run seeds 20 of each. */
const MESSAGES = 10_000;
const GALLERY_ITEMS = 1_000;
const SCROLL_STEP_PX = 400;
/**
 * Browsing: a step every 150 ms over the first ~400 items, so every card on the way gets its preview
 * made (3 steps in a smoke run).
 */
const BROWSE_PAUSE_MS = 150;
const BROWSE_STEPS = 70;
/** Long enough for the page to settle after a pane opens (queries, layout, image decoding); 200 ms in a smoke run. */
const SETTLE_MS = 2000;

async function settled(page: Page): Promise<void> {
  await page.waitForTimeout(sized(SETTLE_MS, 200));
}

async function reportMemory(app: BenchApp, name: string): Promise<void> {
  report(`renderer_heap_mb_${name}`, await jsHeapMb(app.page), "MB");
  report(`renderer_pss_mb_${name}`, await renderersProportionalMb(app.browser), "MB");
}

async function openConversation(page: Page, title: string): Promise<void> {
  await page.getByRole("button", { name: title, exact: true }).click();
  await page.getByRole("textbox", { name: "Message" }).waitFor();
  await settled(page);
}

async function openImages(page: Page, items: number): Promise<void> {
  await page.getByRole("button", { name: "Images", exact: true }).click();
  if (items > 0) await page.getByRole("article", { name: `Gallery item ${items - 1}` }).waitFor();
  await settled(page);
}

/** Both web hosts the memory figures compare: an empty one, and one with a long history and a full gallery. */
async function seededHosts(gatewayUrl: string) {
  const emptyDir = tempDir("bench-app-");
  await seedProfile(emptyDir, gatewayUrl, RELAY_KEY);
  seedConversation(emptyDir, 0, "Empty conversation");
  const fullDir = tempDir("bench-app-");
  await seedGallery(fullDir, gatewayUrl, RELAY_KEY, sized(GALLERY_ITEMS, 20));
  seedConversation(fullDir, sized(MESSAGES, 20), "Ten thousand messages");
  return { emptyDir, fullDir };
}

/**
 * The page's memory with a 10,000-message conversation open and with a 1,000-image gallery, each
 * beside the same pane empty; then the longest main-thread task while the gallery scrolls through
 * all 1,000 items, beside the same time with the gallery still, and while someone browses it
 * slowly enough for every card's preview to be made on the way.
 */
export async function rendererMemoryBench(): Promise<void> {
  const gateway = await start({ port: 0, dataDir: tempDir("bench-gw-"), config: RELAY_ACCOUNTS });
  try {
    const { emptyDir, fullDir } = await seededHosts(gateway.url);
    const empty = await openBenchApp(emptyDir, gateway.url, RELAY_KEY);
    try {
      await openConversation(empty.page, "Empty conversation");
      await reportMemory(empty, "empty_conversation_baseline");
      await openImages(empty.page, 0);
      await reportMemory(empty, "empty_gallery_baseline");
    } finally {
      await empty.close();
    }
    const full = await openBenchApp(fullDir, gateway.url, RELAY_KEY);
    try {
      await openConversation(full.page, "Ten thousand messages");
      await full.page.getByRole("article", { name: "Assistant" }).last().waitFor();
      await reportMemory(full, `conversation_${MESSAGES}`);
      await openImages(full.page, sized(GALLERY_ITEMS, 20));
      await reportMemory(full, `gallery_${GALLERY_ITEMS}`);

      await proveTraceSeesLongTasks(full.browser, full.page);
      let scrollMs = 0;
      const scrolling = await traceLongTasks(full.browser, full.page, async () => {
        const started = performance.now();
        await scrollGallery(full.page, SCROLL_STEP_PX);
        scrollMs = performance.now() - started;
      });
      await full.page.evaluate(() => document.querySelector(".gallery__scroller")?.scrollTo(0, 0));
      await settled(full.page);
      const still = await traceLongTasks(full.browser, full.page, () => full.page.waitForTimeout(scrollMs));
      report("gallery_still_long_task_max_ms_baseline", Math.max(0, ...still), "ms");
      report("gallery_scroll_long_task_max_ms", Math.max(0, ...scrolling), "ms");
      report("gallery_scroll_tasks_over_50ms", scrolling.filter((duration) => duration >= 50).length, "tasks");
      const browsing = await traceLongTasks(full.browser, full.page, () =>
        scrollGallery(full.page, SCROLL_STEP_PX, BROWSE_PAUSE_MS, sized(BROWSE_STEPS, 3)),
      );
      report("gallery_browse_long_task_max_ms", Math.max(0, ...browsing), "ms");
      await reportMemory(full, `gallery_${GALLERY_ITEMS}_after_scroll`);
    } finally {
      await full.close();
    }
  } finally {
    await gateway.close();
  }
}
