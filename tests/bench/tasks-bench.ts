import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { start } from "../../electron/local-gateway/index.ts";
import { recordingPage } from "../support/fake-page.ts";
import { startServices } from "../support/app-services.ts";
import { tempDir } from "../support/local-gateway.ts";
import { median, report } from "./measure.ts";

const KEY = "sk-bench-tasks-0001";
const TASKS = 50;
const RPM = 60;
const CHAT_EVERY_MS = 5000;
const DEADLINE_MS = 6 * 60_000;

/**
 * 50 image tasks in flight against a key with RPM 60, with a chat request every few seconds:
 * the app's scheduler must keep every request within the key's limit (no 429 at all), and the
 * time from a task completing at the gateway to the app knowing it is reported as a median.
 */
export async function tasksBench(): Promise<void> {
  const gatewayDir = tempDir("bench-gw-");
  const gateway = await start({
    port: 0,
    dataDir: gatewayDir,
    config: {
      tenants: [{ id: "t", name: "Bench", topupBalance: 10_000, giftBalance: 0 }],
      keys: [{ key: KEY, tenant: "t", id: "k", name: "Bench key", rpm: RPM, tpm: 10_000_000 }],
      asyncImageSeconds: [60, 90],
      firstTokenDelayMs: 50,
      tokensPerSecond: 2000,
    },
  });
  // The real app: default polling, the profile at the key's RPM.
  const services = await startServices(gateway.url, KEY, tempDir("bench-app-"));
  const profileId = services.vault.resolveId();
  services.vault.save({ id: profileId, name: "Bench", baseUrl: gateway.url, auth: "bearer", rpm: RPM });
  const started = Date.now();
  try {
    const submissions = Array.from({ length: TASKS }, (_, index) =>
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
      while (
        services.tasks.list(profileId).some((task) => task.status !== "completed") &&
        Date.now() - started < DEADLINE_MS
      ) {
        services.chat.send(page, conversation.id, "status?", false);
        await sleep(CHAT_EVERY_MS);
      }
    })();
    await Promise.all(submissions);
    while (services.tasks.list(profileId).some((task) => task.status !== "completed")) {
      if (Date.now() - started > DEADLINE_MS) throw new Error("tasks did not complete in time");
      await sleep(500);
    }
    await chats;

    const limited = services.db.prepare("SELECT COUNT(*) AS n FROM request_log WHERE status = 429").get() as {
      n: number;
    };
    const sent = services.db.prepare("SELECT COUNT(*) AS n FROM request_log").get() as { n: number };
    const gatewayDb = new DatabaseSync(join(gatewayDir, "gateway.sqlite"), { readOnly: true });
    const completedAt = new Map(
      (gatewayDb.prepare("SELECT id, completed_at FROM tasks").all() as { id: string; completed_at: number }[]).map(
        (row) => [row.id, row.completed_at],
      ),
    );
    gatewayDb.close();
    const delays = services.tasks
      .list(profileId)
      .map((task) => (Date.parse(task.finishedAt!) - completedAt.get(task.remoteId!)!) / 1000);
    report("polling_429_count", limited.n, "responses");
    report("polling_requests_sent", sent.n, "requests");
    report("completion_detect_delay_s", median(delays), "s");
  } finally {
    await services.close();
    await gateway.close();
  }
}
