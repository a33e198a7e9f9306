import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { GALLERY_PAGE_SIZE } from "../../shared/ipc/gallery.ts";
import { scrollGallery } from "./gallery-scroll.ts";
import { longestTask, proveTraceSeesLongTasks, traceMainThreadTasks } from "./long-tasks.ts";
import type { ScaledFigure } from "./measure.ts";
import { jsHeapMb } from "./process-memory.ts";

const SCROLL_STEP_PX = 400;
/** How long main may take to have kept every preview once the page made them. */
const KEEPING_MS = 60_000;

export interface GalleryPaneFigures {
  /** The longest main-thread task while the Images pane opens until its grid holds its first page of pictures (ms). */
  readonly galleryOpen: number;
  /** The longest main-thread task while the gallery scrolls from top to bottom, every preview kept (ms). */
  readonly galleryScroll: number;
  /**
   * The most thread time one of those tasks ran (ms): on a busy machine a task takes longer than
   * the page ran it, while other processes have the cores.
   */
  readonly galleryScrollThread: number;
  /** The page's JavaScript heap after that scroll (MB). */
  readonly galleryHeap: number;
}

/** The gallery's figures of the scale run (`scale-bench.ts`), and of its gallery part alone (`scale-gallery-bench.ts`). */
export const GALLERY_FIGURES: readonly ScaledFigure<keyof GalleryPaneFigures>[] = [
  ["galleryOpen", "gallery_open_long_task_max_ms_10k", "gallery_open_long_task_max_ms_1000_baseline", "ms"],
  ["galleryScroll", "gallery_scroll_long_task_max_ms_10k", "gallery_scroll_long_task_max_ms_1000_baseline", "ms"],
  [
    "galleryScrollThread",
    "gallery_scroll_long_task_thread_ms_10k",
    "gallery_scroll_long_task_thread_ms_1000_baseline",
    "ms",
  ],
  ["galleryHeap", "renderer_heap_mb_gallery_10000", "renderer_heap_mb_gallery_1000_baseline", "MB"],
];

/**
 * Opens the Images pane and waits until its grid holds rows for the gallery's first page (all of
 * it, when it is smaller): the failed tasks' cards come first, and the pictures' may all be below
 * the screen. The rest is read as the grid scrolls towards its end.
 */
async function openImages(page: Page, pictures: number): Promise<void> {
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await page.waitForFunction(
    (count) => {
      const scroller = document.querySelector(".gallery__scroller");
      const row = document.querySelector(".gallery__row");
      if (!scroller || !(row instanceof HTMLElement)) return false;
      return scroller.scrollHeight >= (count / row.children.length) * row.offsetHeight;
    },
    Math.min(pictures, GALLERY_PAGE_SIZE),
  );
}

/**
 * The first session over the gallery: a screen at a time from top to bottom, each step waiting
 * until every card drawn shows its preview, which the page makes and main keeps.
 */
function makeEveryPreview(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const scroller = document.querySelector(".gallery__scroller");
    if (!scroller) throw new Error("no gallery scroller");
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const drawn = () =>
      [...document.querySelectorAll(".media-card__preview")].every(
        (preview) => preview instanceof HTMLImageElement && preview.complete,
      );
    scroller.scrollTo(0, 0);
    for (;;) {
      while (!drawn()) await frame();
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) {
        // The gallery's next page is being read.
        if (!scroller.hasAttribute("data-more")) return;
      } else scroller.scrollTop += scroller.clientHeight;
      await frame();
    }
  });
}

/** Resolves once `count` previews are kept in the data folder; throws past KEEPING_MS. */
async function previewsKept(dataDir: string, count: number): Promise<void> {
  const folder = join(dataDir, "media", "thumbnails");
  const deadline = Date.now() + KEEPING_MS;
  for (;;) {
    const kept = readdirSync(folder).filter((name) => name.endsWith(".thumbnail")).length;
    if (kept >= count) return;
    if (Date.now() > deadline) throw new Error(`${kept} of ${count} card previews kept`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A new session of the app at `url` (the page's address with its secret), shown with the Images pane. */
async function openSession(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url);
  await page.getByRole("button", { name: "Images", exact: true }).waitFor();
  return page;
}

/**
 * The Images pane over the folder's `pictures`, as a later session sees it: a first session makes
 * and keeps every card's preview; then a new session opens the pane (its first page) and then
 * scrolls it top to bottom, 400 px a frame, the later pages read on the way, with every card
 * showing its kept preview.
 */
export async function galleryPaneFigures(
  browser: Browser,
  url: string,
  dataDir: string,
  pictures: number,
): Promise<GalleryPaneFigures> {
  const first = await openSession(browser, url);
  try {
    await openImages(first, pictures);
    await makeEveryPreview(first);
    await previewsKept(dataDir, pictures);
  } finally {
    await first.close();
  }
  const page = await openSession(browser, url);
  try {
    await proveTraceSeesLongTasks(browser, page);
    const opening = await traceMainThreadTasks(browser, page, () => openImages(page, pictures));
    const scrolling = longestTask(await traceMainThreadTasks(browser, page, () => scrollGallery(page, SCROLL_STEP_PX)));
    return {
      galleryOpen: longestTask(opening).wallMs,
      galleryScroll: scrolling.wallMs,
      galleryScrollThread: scrolling.threadMs,
      galleryHeap: await jsHeapMb(page),
    };
  } finally {
    await page.close();
  }
}
