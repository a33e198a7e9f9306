import { start } from "../../electron/local-gateway/index.ts";
import { answer } from "../faults/faults.ts";
import { startFaultProxy } from "../faults/fault-proxy.ts";
import { startServices } from "../support/services-fixture.ts";
import { tempDir } from "../support/local-gateway.ts";
import { sized } from "./bench-size.ts";
import { directStream } from "./direct-stream.ts";
import { longReply } from "./long-reply-stream.ts";
import { percentile, report } from "./measure.ts";
import { relayBookkeeping } from "./relay-bookkeeping.ts";
import { relay, type RelayOptions } from "./relay-reply.ts";

export const RELAY_KEY = "sk-bench-relay-0001";
export const RELAY_ACCOUNTS = {
  tenants: [{ id: "t", name: "Bench", topupBalance: 1_000_000, giftBalance: 0 }],
  keys: [{ key: RELAY_KEY, tenant: "t", id: "k", name: "Bench key", rpm: 100_000, tpm: 100_000_000 }],
};
/** Rounds of each half (in a smoke run, 2). */
const TTFT_ROUNDS = 60;
const THROUGHPUT_ROUNDS = 100;
const LONG_ROUNDS = 40;
const LONG_REPLY_CHARS = 20_000;

/**
 * The main-process relay against a gateway with no simulated first-token delay, so what the app
 * adds is not hidden in the gateway's pause; then text throughput on an unthrottled stream, of the
 * gateway's usual replies and of 20,000-character ones, and the time its writes take per reply.
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
    await relay(pacedServices, "warm up", { untilFirstToken: true });
    // Alternating rounds, so drift on a busy machine hits both sides alike.
    for (let round = 0; round < sized(TTFT_ROUNDS, 2); round++) {
      direct.push((await directStream(paced.url, RELAY_KEY, `Benchmark prompt ${round}`, true)).firstTokenMs);
      relayed.push((await relay(pacedServices, `Benchmark prompt ${round}`, { untilFirstToken: true })).firstTokenMs);
    }
  } finally {
    await pacedServices.close();
    await paced.close();
  }
  reportAdded("relay", direct, relayed);

  const instant = await start({ port: 0, dataDir: tempDir("bench-gw-"), config: { ...RELAY_ACCOUNTS, timeScale: 0 } });
  try {
    await throughput(instant.url, "", sized(THROUGHPUT_ROUNDS, 2));
    await relayBookkeeping({ url: instant.url, key: RELAY_KEY }, "");
    await longReplies(instant.url);
  } finally {
    await instant.close();
  }
}

/**
 * A pause between rounds, as a user's between replies: what either side leaves for the event loop (the
 * app's writes after a done, the closing of the other client's exchange) runs there, not in the next round.
 */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 2));

/**
 * Characters per second, send to done, through the relay and through the direct client, in
 * alternating rounds; each reply's streamed and stored text must equal the direct client's.
 */
async function throughput(gatewayUrl: string, suffix: string, rounds: number, options: RelayOptions = {}) {
  const services = await startServices(gatewayUrl, RELAY_KEY);
  const chars = { direct: 0, relay: 0 };
  const ms = { direct: 0, relay: 0 };
  try {
    await directStream(gatewayUrl, RELAY_KEY, "warm up", false);
    await relay(services, "warm up", options);
    for (let round = 0; round < rounds; round++) {
      const prompt = `Throughput prompt ${round}`;
      await quiet();
      const baseline = await directStream(gatewayUrl, RELAY_KEY, prompt, false);
      await quiet();
      const result = await relay(services, prompt, options);
      if (result.text !== baseline.text || result.stored !== baseline.text) {
        throw new Error("the relay dropped, reordered or changed text");
      }
      chars.direct += baseline.text.length;
      ms.direct += baseline.totalMs;
      chars.relay += result.text.length;
      ms.relay += result.totalMs;
    }
  } finally {
    await services.close();
  }
  report(`relay_chars_per_s_direct${suffix}`, chars.direct / (ms.direct / 1000), "chars/s");
  report(`relay_chars_per_s${suffix}`, chars.relay / (ms.relay / 1000), "chars/s");
  report(`relay_deltas_ratio${suffix}`, chars.relay / ms.relay / (chars.direct / ms.direct), "ratio");
}

/**
 * The same with 20,000-character replies, and their writes: every chat request (the relay's and the
 * direct client's) is answered by a proxy in front of the gateway with the same stream, one chunk per token.
 */
async function longReplies(gatewayUrl: string): Promise<void> {
  const proxy = await startFaultProxy(gatewayUrl);
  const reply = longReply(LONG_REPLY_CHARS);
  proxy.when(
    { method: "POST", path: "/v1/chat/completions" },
    answer(200, reply.stream, { "content-type": "text/event-stream" }),
  );
  try {
    // Room for the reply's tokens: a count past max_tokens would be dropped and counted again by the app.
    const options = { settings: { maxTokens: 2 * reply.outputTokens } };
    await throughput(proxy.url, "_long", sized(LONG_ROUNDS, 1), options);
    await relayBookkeeping({ url: proxy.url, key: RELAY_KEY }, "_long", options);
  } finally {
    await proxy.close();
  }
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
