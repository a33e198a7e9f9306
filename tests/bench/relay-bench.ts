import type { Page } from "../../electron/common/pages.ts";
import type { AppServices } from "../../electron/services/app-services.ts";
import { start } from "../../electron/local-gateway/index.ts";
import { StreamEventSchema } from "../../shared/ipc/streams.ts";
import { startServices } from "../support/services-fixture.ts";
import { tempDir } from "../support/local-gateway.ts";
import { sized } from "./bench-size.ts";
import { directStream } from "./direct-stream.ts";
import { percentile, report } from "./measure.ts";

export const RELAY_KEY = "sk-bench-relay-0001";
export const RELAY_ACCOUNTS = {
  tenants: [{ id: "t", name: "Bench", topupBalance: 1_000_000, giftBalance: 0 }],
  keys: [{ key: RELAY_KEY, tenant: "t", id: "k", name: "Bench key", rpm: 100_000, tpm: 100_000_000 }],
};
/** Rounds of each half (in a smoke run, 2). */
const TTFT_ROUNDS = 60;
const THROUGHPUT_ROUNDS = 30;

interface Relayed {
  readonly firstTokenMs: number;
  readonly totalMs: number;
  readonly text: string;
  readonly stored: string;
}

/** One reply through the app's main-process path, as the window would receive it; stops at the first delta if asked. */
function relay(services: AppServices, prompt: string, untilFirstToken: boolean): Promise<Relayed> {
  const closed = new AbortController();
  const conversation = services.conversations.create(services.chat.defaultSettings());
  return new Promise((resolve, reject) => {
    let firstTokenMs: number | null = null;
    let text = "";
    const page: Page = {
      id: `bench-${prompt}`,
      closed: closed.signal,
      send(_event, payload) {
        const event = StreamEventSchema.safeParse(payload);
        if (!event.success) return;
        if (event.data.kind === "delta") {
          firstTokenMs ??= performance.now() - started;
          text += event.data.data.text;
          // Closing the page is how a reload ends a stream: the gateway stops sending.
          if (untilFirstToken) closed.abort();
        }
        if (untilFirstToken && firstTokenMs !== null) {
          return resolve({ firstTokenMs, totalMs: firstTokenMs, text, stored: "" });
        }
        if (event.data.kind === "done") {
          if (firstTokenMs === null) return reject(new Error("the reply ended before any text"));
          const totalMs = performance.now() - started;
          resolve({ firstTokenMs, totalMs, text, stored: event.data.data.message.content });
        }
        if (event.data.kind === "error") reject(new Error(`the relay failed: ${JSON.stringify(event.data.data)}`));
      },
    };
    const started = performance.now();
    services.chat.send(page, conversation.id, prompt, false).catch(reject);
  });
}

/**
 * The main-process relay against a gateway with no simulated first-token delay, so what the app
 * adds is not hidden in the gateway's pause; then text throughput on an unthrottled stream.
 */
export async function relayBench(): Promise<void> {
  const paced = await start({
    port: 0,
    dataDir: tempDir("bench-gw-"),
    config: { ...RELAY_ACCOUNTS, firstTokenDelayMs: 0 },
  });
  const pacedServices = await startServices(paced.url, RELAY_KEY);
  const direct: number[] = [];
  const relayed: number[] = [];
  try {
    await directStream(paced.url, RELAY_KEY, "warm up", true);
    await relay(pacedServices, "warm up", true);
    // Alternating rounds, so drift on a busy machine hits both sides alike.
    for (let round = 0; round < sized(TTFT_ROUNDS, 2); round++) {
      direct.push((await directStream(paced.url, RELAY_KEY, `Benchmark prompt ${round}`, true)).firstTokenMs);
      relayed.push((await relay(pacedServices, `Benchmark prompt ${round}`, true)).firstTokenMs);
    }
  } finally {
    await pacedServices.close();
    await paced.close();
  }
  reportAdded("relay", direct, relayed);

  const instant = await start({ port: 0, dataDir: tempDir("bench-gw-"), config: { ...RELAY_ACCOUNTS, timeScale: 0 } });
  const instantServices = await startServices(instant.url, RELAY_KEY);
  let directChars = 0;
  let directMs = 0;
  let relayChars = 0;
  let relayMs = 0;
  try {
    await directStream(instant.url, RELAY_KEY, "warm up", false);
    await relay(instantServices, "warm up", false);
    for (let round = 0; round < sized(THROUGHPUT_ROUNDS, 2); round++) {
      const prompt = `Throughput prompt ${round}`;
      const baseline = await directStream(instant.url, RELAY_KEY, prompt, false);
      const result = await relay(instantServices, prompt, false);
      if (result.text !== baseline.text || result.stored !== baseline.text) {
        throw new Error("the relay dropped, reordered or changed text");
      }
      directChars += baseline.text.length;
      directMs += baseline.totalMs;
      relayChars += result.text.length;
      relayMs += result.totalMs;
    }
  } finally {
    await instantServices.close();
    await instant.close();
  }
  report("relay_chars_per_s_direct", directChars / (directMs / 1000), "chars/s");
  report("relay_chars_per_s", relayChars / (relayMs / 1000), "chars/s");
  report("relay_deltas_ratio", relayChars / relayMs / (directChars / directMs), "ratio");
}

/**
 * Prints p50 and p95 of the direct baseline, of the relayed path, and of what the app adds: each
 * relayed round minus the direct round beside it, so both sides of a pair share the machine's load.
 */
export function reportAdded(prefix: string, direct: readonly number[], relayed: readonly number[]): void {
  const added = relayed.map((ms, round) => ms - (direct[round] ?? Number.NaN));
  for (const p of [50, 95]) {
    report(`${prefix}_ttft_direct_ms_p${p}`, percentile(direct, p), "ms");
    report(`${prefix}_ttft_ms_p${p}`, percentile(relayed, p), "ms");
    report(`${prefix}_added_ms_p${p}`, percentile(added, p), "ms");
  }
}
