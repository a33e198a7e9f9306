import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { start } from "../../electron/local-gateway/index.ts";
import { expectedCompletionPolicy } from "../../electron/services/tasks/expected-completion-policy.ts";
import { DEFAULT_POLL_TIMING, type PollPolicy, type PollTiming } from "../../electron/services/tasks/poll-policy.ts";
import { roundRobinPolicy } from "./round-robin-policy.ts";
import { oneRow, allRows } from "../../electron/common/sql-rows.ts";
import { ACTIVE_TASK_STATUSES } from "../../shared/ipc/tasks.ts";
import { recordingPage } from "../support/fake-page.ts";
import { startServices } from "../support/services-fixture.ts";
import { tempDir } from "../support/local-gateway.ts";
import { sized } from "./bench-size.ts";
import { median, report } from "./measure.ts";

const KEY = "sk-bench-tasks-0001";
/**
 * Tasks in flight, the key's rate limit and how often a chat request goes out among their polls; a
 * smoke run has 4 tasks, a limit the polls do not wait for, and a chat every second.
 */
const TASKS = 50;
const RPM = 60;
const CHAT_EVERY_MS = 5000;

/** How long the gateway takes over each task, drawn evenly between the two (seconds), and how long the run may last. */
interface Load {
  readonly taskSeconds: [number, number];
  readonly deadlineMs: number;
}
/** The spec's range for video, 1-5 minutes: completions spread over minutes, as a queue of long jobs has them. */
const SPREAD: Load = { taskSeconds: [60, 300], deadlineMs: 12 * 60_000 };
/** Every task completing within the same 30 s, while the key is still full of their submissions. */
const BURST: Load = { taskSeconds: [60, 90], deadlineMs: 6 * 60_000 };
/** A smoke run's loads: tasks of about a second. */
const SMOKE_SPREAD: Load = { taskSeconds: [0.5, 1.5], deadlineMs: 30_000 };
const SMOKE_BURST: Load = { taskSeconds: [0.5, 0.75], deadlineMs: 30_000 };
/** A smoke run's polls: the first after 250 ms, none more than a second apart, so its short tasks are seen soon. */
const SMOKE_POLL_TIMING: PollTiming = {
  ...DEFAULT_POLL_TIMING,
  imageBaseMs: 250,
  videoBaseMs: 250,
  maxIntervalMs: 1000,
};

interface DetectionRun {
  readonly delaysS: number[];
  readonly limited: number;
  readonly sent: number;
}

/**
 * 50 image tasks in flight against a key with RPM 60, with a chat request every few seconds, once
 * with the app's polling and once with plain round-robin polling on the same budget: the time from
 * a task completing at the gateway to the app knowing it (median and 90th percentile), and how
 * many requests the gateway refused (none may be). First with completions spread over minutes,
 * then with all of them in one burst.
 */
export async function tasksBench(): Promise<void> {
  await reportDetection("", sized(SPREAD, SMOKE_SPREAD));
  await reportDetection("_burst", sized(BURST, SMOKE_BURST));
}

async function reportDetection(suffix: string, load: Load): Promise<void> {
  const ours = await detectCompletions(expectedCompletionPolicy, load);
  const baseline = await detectCompletions(roundRobinPolicy, load);
  report(`completion_detect${suffix}_delay_s`, median(ours.delaysS), "s");
  report(`completion_detect${suffix}_delay_p90_s`, ninetieth(ours.delaysS), "s");
  report(`completion_detect${suffix}_roundrobin_s`, median(baseline.delaysS), "s");
  report(`completion_detect${suffix}_roundrobin_p90_s`, ninetieth(baseline.delaysS), "s");
  report(`polling${suffix}_429_count`, ours.limited, "responses");
  report(`polling${suffix}_429_roundrobin_count`, baseline.limited, "responses");
  report(`polling${suffix}_requests_sent`, ours.sent, "requests");
  report(`polling${suffix}_requests_roundrobin_sent`, baseline.sent, "requests");
}

async function detectCompletions(policy: PollPolicy, load: Load): Promise<DetectionRun> {
  const gatewayDir = tempDir("bench-gw-");
  const rpm = sized(RPM, 600);
  const gateway = await start({
    port: 0,
    dataDir: gatewayDir,
    config: {
      tenants: [{ id: "t", name: "Bench", topupBalance: 10_000, giftBalance: 0 }],
      keys: [{ key: KEY, tenant: "t", id: "k", name: "Bench key", rpm, tpm: 10_000_000 }],
      asyncImageSeconds: load.taskSeconds,
      firstTokenDelayMs: 50,
      tokensPerSecond: 2000,
    },
  });
  // The real app with the given poll policy, the profile at the key's RPM.
  const services = await startServices(gateway.url, KEY, tempDir("bench-app-"), {
    pollTiming: { ...sized(DEFAULT_POLL_TIMING, SMOKE_POLL_TIMING), policy },
  });
  const profileId = services.vault.resolveId();
  services.vault.save({ id: profileId, name: "Bench", baseUrl: gateway.url, auth: "bearer", rpm });
  const started = Date.now();
  const unfinished = () => services.tasks.list(profileId).some((task) => ACTIVE_TASK_STATUSES.includes(task.status));
  try {
    const submissions = Array.from({ length: sized(TASKS, 4) }, (_, index) =>
      services.tasks.generateImage(profileId, {
        model: "image-pro",
        prompt: `bench image ${index}`,
        n: 1,
        size: "64x64",
        responseFormat: "url",
        async: true,
      }),
    );
    const chats = (async () => {
      const { page } = recordingPage();
      const conversation = services.conversations.create({ ...services.chat.defaultSettings(), maxTokens: 20 });
      while (unfinished() && Date.now() - started < load.deadlineMs) {
        await services.chat.send(page, conversation.id, "status?", false);
        await sleep(sized(CHAT_EVERY_MS, 1000));
      }
    })();
    await Promise.all(submissions);
    while (unfinished()) {
      if (Date.now() - started > load.deadlineMs) throw new Error("tasks did not complete in time");
      await sleep(500);
    }
    await chats;
    const ended = services.tasks.list(profileId).filter((task) => task.status !== "completed");
    if (ended.length > 0) {
      const why = ended.map((task) => `${task.status} ${task.errorCode ?? ""} ${task.errorMessage ?? ""}`);
      throw new Error(`${ended.length} tasks ended without a result: ${[...new Set(why)].join("; ")}`);
    }

    const count = (where: string) =>
      oneRow<{ n: number }>(services.db.prepare(`SELECT COUNT(*) AS n FROM request_log ${where}`))?.n ?? 0;
    const gatewayDb = new DatabaseSync(join(gatewayDir, "gateway.sqlite"), { readOnly: true });
    const completedAt = new Map(
      allRows<{ id: string; completed_at: number }>(gatewayDb.prepare("SELECT id, completed_at FROM tasks")).map(
        (row) => [row.id, row.completed_at],
      ),
    );
    gatewayDb.close();
    const delaysS = services.tasks.list(profileId).flatMap((task) => {
      const completed = task.remoteId === null ? undefined : completedAt.get(task.remoteId);
      if (task.finishedAt === null || completed === undefined) return [];
      return [(Date.parse(task.finishedAt) - completed) / 1000];
    });
    return { delaysS, limited: count("WHERE status = 429"), sent: count("") };
  } finally {
    await services.close();
    await gateway.close();
  }
}

function ninetieth(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.9) - 1)] ?? Number.NaN;
}
