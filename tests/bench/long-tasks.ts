import type { Browser, Page } from "playwright-core";

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  /** The thread's own time in the event: less than `dur` when other processes had the CPU. */
  tdur?: number;
  args?: { name?: string };
}

/** One task of the page's main thread: how long it took (ms), and how much of that the thread ran. */
export interface MainThreadTask {
  readonly wallMs: number;
  readonly threadMs: number;
}

/** Every task the page's main thread ran during `work`, read from a Chromium trace. */
export async function traceMainThreadTasks(
  browser: Browser,
  page: Page,
  work: () => Promise<unknown>,
): Promise<MainThreadTask[]> {
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
    .map((event) => ({ wallMs: (event.dur ?? 0) / 1000, threadMs: (event.tdur ?? 0) / 1000 }));
}

/**
 * The longest task's wall time and the most thread time any task ran (ms): on a machine whose cores
 * other processes hold, a task can last far longer than the page ran it. Folded, not spread into
 * Math.max: a 10,000-picture scroll runs more tasks than a spread may pass.
 */
export function longestTask(tasks: readonly MainThreadTask[]): MainThreadTask {
  return tasks.reduce(
    (most, task) => ({ wallMs: Math.max(most.wallMs, task.wallMs), threadMs: Math.max(most.threadMs, task.threadMs) }),
    { wallMs: 0, threadMs: 0 },
  );
}

/** Durations (ms) of every task the page's main thread ran during `work`, read from a Chromium trace. */
export async function traceLongTasks(browser: Browser, page: Page, work: () => Promise<unknown>): Promise<number[]> {
  return (await traceMainThreadTasks(browser, page, work)).map((task) => task.wallMs);
}

/**
 * Runs an 80 ms timer task in the page and throws unless the trace sees it: a small figure from
 * `traceLongTasks` then means the page had no long task, not that the trace missed it. A timer, not
 * the evaluation itself: DevTools may run an evaluation inside a task of its own kind. Three tries,
 * since a trace can end before the renderer has flushed its last events.
 */
export async function proveTraceSeesLongTasks(browser: Browser, page: Page): Promise<void> {
  const seen: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const probe = await traceLongTasks(browser, page, () =>
      page.evaluate(
        () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              const until = performance.now() + 80;
              while (performance.now() < until);
              resolve();
            }, 0),
          ),
      ),
    );
    const longest = Math.max(0, ...probe);
    if (longest >= 70) return;
    seen.push(longest);
  }
  throw new Error(`the trace does not show main-thread tasks (longest seen in three tries: ${seen.join(", ")} ms)`);
}
