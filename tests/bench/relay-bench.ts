import type { ChatStreamData } from "../../shared/ipc/chat.ts";
import type { StreamEvent } from "../../shared/ipc/streams.ts";
import { start } from "../../electron/local-gateway/index.ts";
import { recordingPage } from "../support/fake-page.ts";
import { startServices } from "../support/app-services.ts";
import { tempDir } from "../support/local-gateway.ts";
import { median, report } from "./measure.ts";

const KEY = "sk-bench-relay-0001";
const ACCOUNTS = {
  tenants: [{ id: "t", name: "Bench", topupBalance: 1_000_000, giftBalance: 0 }],
  keys: [{ key: KEY, tenant: "t", id: "k", name: "Bench key", rpm: 100_000, tpm: 100_000_000 }],
};
const ROUNDS = 15;

/** Time to the first content delta with a plain streaming fetch: the baseline. */
async function directTtft(url: string, prompt: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify({
      model: "chat-fast",
      messages: [{ role: "user", content: prompt }],
      stream: true,
      max_tokens: 1024,
    }),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended before any content");
    buffer += decoder.decode(value, { stream: true });
    if (/"content":"[^"]/.test(buffer)) {
      const elapsed = performance.now() - started;
      await reader.cancel();
      return elapsed;
    }
  }
}

/** Runs one reply through the app's main-process path; resolves with what the page saw. */
async function relay(services: Awaited<ReturnType<typeof startServices>>, prompt: string) {
  const { page, received } = recordingPage();
  const conversation = services.conversations.create(services.chat.defaultSettings());
  const started = performance.now();
  let firstDelta: number | null = null;
  const run = services.chat.send(page, conversation.id, prompt, false);
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    const events = received
      .map((entry) => entry.payload as StreamEvent)
      .filter((event) => event.streamId === run.streamId);
    const deltas = events.filter((event) => event.kind === "delta");
    if (deltas.length > 0 && firstDelta === null) firstDelta = performance.now() - started;
    const done = events.find((event) => event.kind === "done");
    if (done) {
      const totalMs = performance.now() - started;
      const message = (done.data as ChatStreamData["done"]).message;
      const text = deltas.map((event) => (event.data as ChatStreamData["delta"]).text).join("");
      return { ttft: firstDelta!, totalMs, message, textIntact: text === message.content };
    }
  }
}

export async function relayBench(): Promise<void> {
  // TTFT: a paced gateway, the same prompt both ways, alternating so drift hits both equally.
  const paced = await start({ port: 0, dataDir: tempDir("bench-gw-"), config: { ...ACCOUNTS, timeScale: 0.25 } });
  const pacedServices = await startServices(paced.url, KEY);
  const direct: number[] = [];
  const relayed: number[] = [];
  try {
    await directTtft(paced.url, "warm up");
    await relay(pacedServices, "warm up");
    for (let round = 0; round < ROUNDS; round++) {
      const prompt = `Benchmark prompt ${round}`;
      direct.push(await directTtft(paced.url, prompt));
      relayed.push((await relay(pacedServices, prompt)).ttft);
    }
  } finally {
    await pacedServices.close();
    await paced.close();
  }
  report("relay_ttft_direct_ms", median(direct), "ms");
  report("relay_ttft_ms", median(relayed), "ms");
  report("relay_ttft_ratio", median(relayed) / median(direct), "ratio");

  // Throughput: an unthrottled gateway; deltas are the gateway's tokens relayed, checked to arrive intact.
  // Timed from send to done, request set-up included, so the figure is a lower bound.
  const instant = await start({ port: 0, dataDir: tempDir("bench-gw-"), config: { ...ACCOUNTS, timeScale: 0 } });
  const instantServices = await startServices(instant.url, KEY);
  let tokens = 0;
  let totalMs = 0;
  let intact = true;
  try {
    await relay(instantServices, "warm up");
    for (let round = 0; round < 40; round++) {
      const result = await relay(instantServices, `Throughput prompt ${round}`);
      tokens += result.message.meta!.outputTokens!;
      totalMs += result.totalMs;
      intact &&= result.textIntact;
    }
  } finally {
    await instantServices.close();
    await instant.close();
  }
  if (!intact) throw new Error("the relay dropped or reordered text");
  report("relay_deltas_per_s", tokens / (totalMs / 1000), "deltas/s");
}
