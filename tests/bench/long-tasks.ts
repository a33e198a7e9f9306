import type { Browser, Page } from "playwright-core";

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/** Durations (ms) of every task the page's main thread ran during `work`, read from a Chromium trace. */
export async function traceLongTasks(browser: Browser, page: Page, work: () => Promise<unknown>): Promise<number[]> {
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
  await work();
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return traceEvents
    .filter((event) => event.name === "RunTask" && event.ph === "X" && mainThreads.has(`${event.pid}:${event.tid}`))
    .map((event) => (event.dur ?? 0) / 1000);
}
