import type { Page } from "../../electron/common/pages.ts";
import type { AppServices } from "../../electron/services/app-services.ts";
import { start } from "../../electron/local-gateway/index.ts";
import { StreamEventSchema } from "../../shared/ipc/streams.ts";
import { startServices } from "../support/services-fixture.ts";
import { tempDir } from "../support/local-gateway.ts";
import { sized } from "./bench-size.ts";
import { percentile, report } from "./measure.ts";
import { RELAY_ACCOUNTS, RELAY_KEY } from "./relay-bench.ts";

/** Rounds after one to warm up (in a smoke run, 1). */
const ROUNDS = 30;
const MODELS = ["chat-fast", "chat-pro"] as const;

/**
 * Starts replies on a page stand-in and resolves with each stream's time to its first delta, from
 * the call that started them; the page then closes, as a reload would, so the gateway stops sending.
 */
function firstDeltas(
  services: AppServices,
  begin: (page: Page) => readonly string[] | Promise<readonly string[]>,
): Promise<Map<string, number>> {
  const closed = new AbortController();
  const firsts = new Map<string, number>();
  return new Promise((resolve, reject) => {
    let streams: readonly string[] = [];
    const settleIfDone = () => {
      if (streams.length === 0 || !streams.every((id) => firsts.has(id))) return;
      closed.abort();
      resolve(firsts);
    };
    const page: Page = {
      id: "bench-compare",
      closed: closed.signal,
      send(_event, payload) {
        const event = StreamEventSchema.safeParse(payload);
        if (!event.success) return;
        if (event.data.kind === "delta" && !firsts.has(event.data.streamId))
          firsts.set(event.data.streamId, performance.now() - started);
        if (event.data.kind === "error") reject(new Error(`a reply failed: ${JSON.stringify(event.data.data)}`));
        settleIfDone();
      },
    };
    const started = performance.now();
    Promise.resolve(begin(page)).then((ids) => {
      streams = ids;
      settleIfDone();
    }, reject);
  });
}

function conversationFor(services: AppServices, model: string): string {
  return services.conversations.create({ ...services.chat.defaultSettings(), model }).id;
}

async function alone(services: AppServices, model: string, prompt: string): Promise<number> {
  let streamId = "";
  const firsts = await firstDeltas(services, async (page) => {
    streamId = (await services.chat.send(page, conversationFor(services, model), prompt, false)).streamId;
    return [streamId];
  });
  return firsts.get(streamId)!;
}

async function compared(services: AppServices, prompt: string): Promise<number[]> {
  let streamIds: string[] = [];
  const firsts = await firstDeltas(services, (page) => {
    const run = services.compare.send(page, conversationFor(services, MODELS[0]), prompt, MODELS);
    streamIds = run.columns.map((column) => column.streamId);
    return streamIds;
  });
  return streamIds.map((id) => firsts.get(id)!);
}

/**
 * Compare's first tokens: each column of a two-model comparison against the same model asked alone
 * in the same round (main-process path, a gateway with no simulated first-token delay), so what
 * starting the answers together adds is not hidden in the gateway's pause.
 */
export async function compareBench(): Promise<void> {
  const gateway = await start({
    port: 0,
    dataDir: tempDir("bench-gw-"),
    config: { ...RELAY_ACCOUNTS, firstTokenDelayMs: 0 },
  });
  const services = await startServices(gateway.url, RELAY_KEY);
  const single: number[] = [];
  const columns: number[] = [];
  const added: number[] = [];
  try {
    await alone(services, MODELS[0], "warm up");
    await compared(services, "warm up");
    for (let round = 0; round < sized(ROUNDS, 1); round++) {
      const prompt = `Compare prompt ${round}`;
      const asked: number[] = [];
      for (const model of MODELS) asked.push(await alone(services, model, prompt));
      const answered = await compared(services, prompt);
      answered.forEach((ms, index) => {
        single.push(asked[index]!);
        columns.push(ms);
        added.push(ms - asked[index]!);
      });
    }
  } finally {
    await services.close();
    await gateway.close();
  }
  report("compare_ttft_alone_ms_p50", percentile(single, 50), "ms");
  report("compare_ttft_column_ms_p50", percentile(columns, 50), "ms");
  report("compare_ttft_added_ms_p50", percentile(added, 50), "ms");
  report("compare_ttft_added_ms_p95", percentile(added, 95), "ms");
}
