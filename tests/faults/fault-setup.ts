import type { AppServicesOptions } from "../../electron/composition/start-app-services.ts";
import type { AppServices } from "../../electron/services/app-services.ts";
import { ANSWER_LIMITS, type AnswerLimits } from "../../electron/services/gateway-client/answer-limits.ts";
import type { PollTiming } from "../../electron/services/tasks/poll-policy.ts";
import type { ChatMessage, ChatStreamData } from "../../shared/ipc/chat.ts";
import type { TaskView } from "../../shared/ipc/tasks.ts";
import type { StreamEvent } from "../../shared/ipc/streams.ts";
import { startServices } from "../support/services-fixture.ts";
import { recordingPage } from "../support/fake-page.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../support/local-gateway.ts";
import { startFaultProxy, type FaultProxy } from "./fault-proxy.ts";

export interface FaultBench {
  readonly gateway: TestGateway;
  readonly proxy: FaultProxy;
  readonly services: AppServices;
  readonly dataDir: string;
  close(): Promise<void>;
}

/** The real gateway, the fault proxy in front of it, and the app's services talking through the proxy. */
export async function startFaultBench(
  options: Omit<AppServicesOptions, "profile" | "answerLimits"> & { limits?: Partial<AnswerLimits> } = {},
  gatewayConfig: Parameters<typeof startTestGateway>[0] = {},
): Promise<FaultBench> {
  const gateway = await startTestGateway(gatewayConfig);
  const proxy = await startFaultProxy(gateway.url);
  const dataDir = tempDir("faults-");
  const { limits, ...rest } = options;
  const services = await startServices(proxy.url, KEYS.main.key, dataDir, {
    ...rest,
    answerLimits: { ...ANSWER_LIMITS, ...limits },
  });
  return {
    gateway,
    proxy,
    services,
    dataDir,
    async close() {
      await services.close();
      await proxy.close();
      await gateway.close();
    },
  };
}

/** Sends one chat message and waits for its reply to end: every event of its stream, and the settled reply. */
export async function chatUntilDone(services: AppServices, content = "Hello there") {
  const { page, received } = recordingPage();
  const conversation = services.conversations.create(services.chat.defaultSettings());
  const run = await services.chat.send(page, conversation.id, content, false);
  const events = await waitUntil(
    async () =>
      received.map((entry) => entry.payload as StreamEvent).filter((event) => event.streamId === run.streamId),
    (list) => list.some((event) => event.kind === "done"),
    60_000,
  );
  const done = events.find((event) => event.kind === "done")!.data as ChatStreamData["done"];
  const errors = events.filter((event) => event.kind === "error").map((event) => event.data as ChatStreamData["error"]);
  return { run, page, conversation, events, errors, reply: done.message as ChatMessage };
}

/** Polls every few hundred milliseconds: the faults, not the waits, are the subject. */
export const FAST_POLLS: PollTiming = {
  imageBaseMs: 100,
  videoBaseMs: 100,
  growth: 1.5,
  maxIntervalMs: 400,
  maxWaitMs: 60_000,
};

/** An image task the gateway runs asynchronously, its results at URLs. */
export const ASYNC_IMAGE = {
  model: "image-pro",
  prompt: "a quiet harbour",
  n: 1,
  size: "96x64",
  responseFormat: "url",
  async: true,
} as const;

/** The task as the app lists it, once `done` holds. */
export const taskUntil = (services: AppServices, id: string, done: (task: TaskView) => boolean) =>
  waitUntil(async () => services.tasks.list(services.vault.resolveId()).find((task) => task.id === id)!, done, 30_000);
