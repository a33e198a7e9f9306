import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { z } from "zod";

const ProcessInfoSchema = z.object({ processInfo: z.array(z.object({ type: z.string(), id: z.number() })) });

/** Resident memory of a process in MB, from /proc (VmRSS). */
export function residentMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match?.[1]) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** The page's JavaScript heap in use after a full garbage collection, in MB. */
export async function jsHeapMb(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send("HeapProfiler.collectGarbage");
    const { usedSize } = await session.send("Runtime.getHeapUsage");
    return usedSize / 1024 / 1024;
  } finally {
    await session.detach();
  }
}

/** Proportional set size of a process in MB (/proc smaps_rollup): shared pages counted once across processes. */
export function proportionalMb(pid: number): number {
  const match = /^Pss:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
  if (!match?.[1]) throw new Error(`no Pss for process ${pid}`);
  return Number(match[1]) / 1024;
}

/**
 * Proportional memory of every renderer process of the browser, in MB: with one page open this is
 * the page's footprint, decoded images and layout included, which the JavaScript heap leaves out.
 */
export async function renderersProportionalMb(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = ProcessInfoSchema.parse(await session.send("SystemInfo.getProcessInfo"));
    return processInfo
      .filter((process) => process.type === "renderer")
      .reduce((total, process) => total + proportionalMb(process.id), 0);
  } finally {
    await session.detach();
  }
}
