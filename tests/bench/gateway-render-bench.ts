import { monitorEventLoopDelay } from "node:perf_hooks";
import { startTestGateway, type TestGateway } from "../support/local-gateway.ts";
import { sized } from "./bench-size.ts";
import { report } from "./measure.ts";

/** How long the idle gateway is watched (in a smoke run, 200 ms). */
const IDLE_MS = 3000;
/** The clip's and the picture's size: a smoke run renders the gateway's smallest clip and a small picture. */
const CLIP_SIZE = "1920x1080";
const PICTURE_SIZE = "1920x1080";

/**
 * The longest stall of the gateway's event loop (the gateway runs in this process) while a 1080p
 * clip and a 1080p picture render, beside the same loop over an idle gateway for as long. A
 * balance read goes out every 250 ms in both, and a poll of the clip's task while it renders.
 */
export async function gatewayRenderBench(): Promise<void> {
  const gateway = await startTestGateway({ videoLimits: { perMinute: 10, perDay: 10, concurrent: 2 } });
  try {
    // The first render starts the render worker: not part of either figure.
    const warmUp = { model: "image-fast", prompt: "warm up", size: "64x64" };
    await (await gateway.call("/v1/images/generations", { body: warmUp })).arrayBuffer();
    const idle = await longestStall(() => sleep(sized(IDLE_MS, 200)).then(() => undefined), gateway);
    const rendering = await longestStall(() => renderBoth(gateway), gateway);
    report("gateway_loop_block_max_ms", rendering, "ms");
    report("gateway_loop_block_max_ms_idle_baseline", idle, "ms");
  } finally {
    await gateway.close();
  }
}

async function renderBoth(gateway: TestGateway): Promise<void> {
  const submitted = await gateway.call("/v1/video/generations", {
    body: { model: "video-std", prompt: "a kite over the sea", size: sized(CLIP_SIZE, "1280x720"), duration: 5 },
  });
  const { task_id } = (await submitted.json()) as { task_id: string };
  const picture = gateway.call("/v1/images/generations", {
    body: { model: "image-fast", prompt: "a red fox at sunset", size: sized(PICTURE_SIZE, "256x256") },
  });
  for (;;) {
    const { status } = (await (await gateway.call(`/v1/video/generations/${task_id}`)).json()) as { status: string };
    if (status === "completed") break;
    if (status !== "queued" && status !== "processing") throw new Error(`the clip ended ${status}`);
    await sleep(250);
  }
  const answer = await picture;
  if (answer.status !== 200) throw new Error("the picture was refused");
  await answer.arrayBuffer();
}

/** The longest event-loop delay (ms) while `work` runs, with a poll going out every 250 ms. */
async function longestStall(work: () => Promise<void>, gateway: TestGateway): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  let working = true;
  const polling = (async () => {
    while (working) {
      await (await gateway.call("/v1/balance")).arrayBuffer();
      await sleep(250);
    }
  })();
  histogram.enable();
  try {
    await work();
  } finally {
    histogram.disable();
    working = false;
    await polling;
  }
  return histogram.max / 1e6;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
