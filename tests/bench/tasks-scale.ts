import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Browser, Page } from "playwright-core";
import { start } from "../../electron/local-gateway/index.ts";
import { allRows, oneRow } from "../../electron/common/sql-rows.ts";
import { DATA_FILES } from "../../electron/services/store/data-files.ts";
import { ACTIVE_TASK_STATUSES } from "../../shared/ipc/tasks.ts";
import { startServices } from "../support/services-fixture.ts";
import { tempDir } from "../support/local-gateway.ts";
import { openBenchApp } from "./bench-app.ts";
import { sized } from "./bench-size.ts";
import { submitImageTasks } from "./host-memory-bench.ts";
import { proveTraceSeesLongTasks, traceLongTasks } from "./long-tasks.ts";
import { median, percentile, reportBaselines, reportScaled, type ScaledFigure } from "./measure.ts";
import { residentMb } from "./process-memory.ts";

const KEY = "sk-bench-tasks-scale-01";
/** Ten times today's tasks on ten times the key's budget: the same work per request of the key. */
const SCALE = { tasks: 500, rpm: 600 };
const TODAY = { tasks: 50, rpm: 60 };
/** The spec's range for video, 1-5 minutes, as `tasks-bench.ts`'s spread load; a smoke run's take about a second. */
const TASK_SECONDS: [number, number] = [60, 300];
const SMOKE_TASK_SECONDS: [number, number] = [0.5, 1.5];
/** How long the tasks of one run may take to end (in a smoke run, 20 s). */
const DEADLINE_MS = 8 * 60_000;
/** Long enough for the submissions' answers to be shown and polling to be under way. */
const SETTLE_MS = 5000;
/** Pixels the Tasks pane scrolls each frame, as the gallery's and the conversation list's benches do. */
const SCROLL_STEP_PX = 400;
/** The scroll goes down and up again until this long has passed, so each trace holds the pane's ticks and updates. */
const SCROLL_MS = 4000;

interface Run {
  readonly limited: number;
  readonly sent: number;
  readonly delayS: number;
  readonly delayP95S: number;
  readonly rssMb: number;
  readonly paneLongTaskMs: number;
}

/** Each figure: its name at 500 tasks, its baseline's at 50, and its unit. */
const FIGURES: readonly ScaledFigure<keyof Run>[] = [
  ["limited", "polling_429_count_500", "polling_429_count_50_baseline", "responses"],
  ["sent", "polling_requests_sent_500", "polling_requests_sent_50_baseline", "requests"],
  ["delayS", "completion_detect_delay_s_500", "completion_detect_delay_s_50_baseline", "s"],
  ["delayP95S", "completion_detect_delay_p95_s_500", "completion_detect_delay_p95_s_50_baseline", "s"],
  ["rssMb", "main_rss_mb_500_tasks", "main_rss_mb_50_tasks_baseline", "MB"],
  ["paneLongTaskMs", "tasks_pane_long_task_max_ms_500", "tasks_pane_long_task_max_ms_50_baseline", "ms"],
];

/**
 * 500 async image tasks in flight in the web host on a key with RPM 600, beside today's 50 on RPM
 * 60 in the same run: the 429s the app received, the delay from a task completing at the gateway
 * to the app knowing it (median and 95th percentile), the host's peak resident memory while they
 * run, and the longest main-thread task while the Tasks pane scrolls through them. `…_growth` is
 * the large value over the baseline (1 when both are 0).
 */
export async function tasksScaleBench(): Promise<void> {
  const today = await measureRun(sized(TODAY.tasks, 4), TODAY.rpm);
  reportBaselines(FIGURES, today);
  reportScaled(FIGURES, today, await measureRun(sized(SCALE.tasks, 20), SCALE.rpm));
}

async function measureRun(tasks: number, rpm: number): Promise<Run> {
  const gatewayDir = tempDir("bench-gw-");
  const gateway = await start({
    port: 0,
    dataDir: gatewayDir,
    config: {
      tenants: [{ id: "t", name: "Bench", topupBalance: 100_000, giftBalance: 0 }],
      keys: [{ key: KEY, tenant: "t", id: "k", name: "Bench key", rpm, tpm: 100_000_000 }],
      asyncImageSeconds: sized(TASK_SECONDS, SMOKE_TASK_SECONDS),
    },
  });
  const dataDir = tempDir("bench-app-");
  await seedPacedProfile(dataDir, gateway.url, rpm);
  const app = await openBenchApp(dataDir, gateway.url, KEY);
  const db = () => new DatabaseSync(join(dataDir, DATA_FILES.database), { readOnly: true });
  try {
    const started = Date.now();
    await submitImageTasks(app.page, tasks);
    let rssMb = residentMb(app.hostPid);
    const sampleRss = () => (rssMb = Math.max(rssMb, residentMb(app.hostPid)));
    const sampler = setInterval(sampleRss, 1000);
    try {
      await sleep(sized(SETTLE_MS, 300));
      const paneLongTaskMs = await tasksPaneLongTaskMax(app.browser, app.page);
      while (unfinished(db) > 0) {
        if (Date.now() - started > sized(DEADLINE_MS, 20_000)) throw new Error("tasks did not end in time");
        await sleep(500);
      }
      return { ...detection(db(), gatewayDir), rssMb, paneLongTaskMs };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await app.close();
    await gateway.close();
  }
}

/** The profile the web host opens, its RPM set to the key's, so the app paces its polls by it. */
async function seedPacedProfile(dataDir: string, gatewayUrl: string, rpm: number): Promise<void> {
  const services = await startServices(gatewayUrl, KEY, dataDir);
  try {
    const id = services.vault.resolveId();
    services.vault.save({ id, name: "Bench", baseUrl: gatewayUrl, auth: "bearer", rpm });
  } finally {
    await services.close();
  }
}

function unfinished(open: () => DatabaseSync): number {
  const db = open();
  try {
    const statuses = ACTIVE_TASK_STATUSES.map((status) => `'${status}'`).join(", ");
    return oneRow<{ n: number }>(db.prepare(`SELECT COUNT(*) AS n FROM tasks WHERE status IN (${statuses})`))?.n ?? 0;
  } finally {
    db.close();
  }
}

/** From the app's and the gateway's records: how late each completion was seen, and what the key answered. */
function detection(db: DatabaseSync, gatewayDir: string): Pick<Run, "limited" | "sent" | "delayS" | "delayP95S"> {
  try {
    const tasks = allRows<{ status: string; remote_id: string | null; finished_at: number | null }>(
      db.prepare("SELECT status, remote_id, finished_at FROM tasks"),
    );
    const ended = tasks.filter((task) => task.status !== "completed");
    if (ended.length > 0) throw new Error(`${ended.length} tasks ended without a result`);
    const gatewayDb = new DatabaseSync(join(gatewayDir, "gateway.sqlite"), { readOnly: true });
    const completedAt = new Map(
      allRows<{ id: string; completed_at: number }>(gatewayDb.prepare("SELECT id, completed_at FROM tasks")).map(
        (row) => [row.id, row.completed_at],
      ),
    );
    gatewayDb.close();
    const delaysS = tasks.flatMap((task) => {
      const completed = task.remote_id === null ? undefined : completedAt.get(task.remote_id);
      return task.finished_at === null || completed === undefined ? [] : [(task.finished_at - completed) / 1000];
    });
    const count = (where: string) =>
      oneRow<{ n: number }>(db.prepare(`SELECT COUNT(*) AS n FROM request_log ${where}`))?.n ?? 0;
    return {
      limited: count("WHERE status = 429"),
      sent: count(""),
      delayS: median(delaysS),
      delayP95S: percentile(delaysS, 95),
    };
  } finally {
    db.close();
  }
}

/**
 * The longest main-thread task while the Tasks pane's table of every task scrolls from top to
 * bottom and back, 400 px a frame, for at least SCROLL_MS; a probe first proves the trace sees an
 * 80 ms task.
 */
async function tasksPaneLongTaskMax(browser: Browser, page: Page): Promise<number> {
  await page.getByRole("button", { name: "Tasks", exact: true }).click();
  await page
    .getByRole("row", { name: /^bench image / })
    .first()
    .waitFor();
  await proveTraceSeesLongTasks(browser, page);
  const longTasks = await traceLongTasks(browser, page, () =>
    page.getByRole("table").evaluate(
      async (table, { step, forMs }) => {
        // The element the table scrolls in, whichever the pane's layout makes it.
        let element = table;
        while (element.parentElement && !["auto", "scroll"].includes(getComputedStyle(element).overflowY))
          element = element.parentElement;
        const started = performance.now();
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        do {
          while (element.scrollTop + element.clientHeight < element.scrollHeight - 1) {
            element.scrollTop += step;
            await frame();
          }
          while (element.scrollTop > 0) {
            element.scrollTop -= step;
            await frame();
          }
          // A list too short to scroll still waits a frame at a time, not in one long task.
          await frame();
        } while (performance.now() - started < forMs);
      },
      { step: SCROLL_STEP_PX, forMs: sized(SCROLL_MS, 500) },
    ),
  );
  return Math.max(0, ...longTasks);
}
