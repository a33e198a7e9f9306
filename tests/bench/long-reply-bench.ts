import { answer } from "../faults/faults.ts";
import { chatUntilDone, startFaultBench } from "../faults/fault-setup.ts";
import { sized } from "./bench-size.ts";
import { report } from "./measure.ts";
import { streamWithoutUsage } from "../support/usage-less-stream.ts";

/** The long reply's length (in a smoke run, 20,000 letters). */
const LONG_REPLY = 999_999;

/**
 * The longest a `chat.list` call waits (on the services' own event loop) while a reply with no
 * usage streams in and is settled: one letter repeated 999,999 times, the tokenizer's worst case.
 * The baseline is the same with a reply of 1,000 letters, in the same run.
 */
export async function longReplyBench(): Promise<void> {
  const bench = await startFaultBench();
  try {
    for (const [name, length] of [
      ["host_call_blocked_max_ms_long_reply", sized(LONG_REPLY, 20_000)],
      ["host_call_blocked_max_ms_short_reply_baseline", 1_000],
    ] as const) {
      bench.proxy.when(
        { method: "POST", path: "/v1/chat/completions" },
        answer(200, streamWithoutUsage("a".repeat(length)), { "content-type": "text/event-stream" }),
        1,
      );
      let longest = 0;
      let running = true;
      const probe = (async () => {
        while (running) {
          const asked = performance.now();
          await new Promise((resolve) => setImmediate(resolve));
          bench.services.conversations.list();
          longest = Math.max(longest, performance.now() - asked);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      })();
      await chatUntilDone(bench.services, "Say a forever");
      running = false;
      await probe;
      report(name, longest, "ms");
    }
  } finally {
    await bench.close();
  }
}
