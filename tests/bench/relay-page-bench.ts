import type { Page } from "playwright-core";
import { start } from "../../electron/local-gateway/index.ts";
import { tempDir } from "../support/local-gateway.ts";
import { openBenchApp } from "./bench-app.ts";
import { sized } from "./bench-size.ts";
import { directChatBody } from "./direct-stream.ts";
import { seedConversation, seedProfile } from "./bench-seed.ts";
import { percentile, report } from "./measure.ts";
import { RELAY_ACCOUNTS, RELAY_KEY, reportAdded } from "./relay-bench.ts";

/** Sends of each kind after one to warm up (in a smoke run, 1). */
const ROUNDS = 25;

interface PageTimings {
  /** The invoke that starts the reply leaves the page's socket. */
  readonly invokeSent: number;
  /** The first delta frame reaches the page's socket, before the app handles it. */
  readonly firstFrame: number;
  /** The reply's first text is in the document. */
  readonly firstText: number;
}

/** The page's socket to the host, kept by `markSocketTraffic` for calls made without the app. */
interface BenchWindow {
  benchSocket?: WebSocket;
}

/**
 * Marks the page's socket traffic of a reply, so the added time can be split into renderer and
 * bridge, and counts the page's calls still unanswered (`openInvokes`).
 */
function markSocketTraffic(): void {
  const NativeSocket = window.WebSocket;
  // The document element does not exist yet when this runs.
  const marks = () => document.documentElement.dataset;
  const open = new Set<string>();
  const idOf = (frame: string, kind: string) => new RegExp(`"t":"${kind}","id":(\\d+)`).exec(frame)?.[1];
  window.WebSocket = class extends NativeSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      (window as BenchWindow).benchSocket = this;
      this.addEventListener("message", (message) => {
        const frame = String(message.data);
        if (frame.includes('"kind":"delta"')) marks().firstFrame ??= String(performance.now());
        const answered = idOf(frame, "result");
        if (answered !== undefined) open.delete(answered);
        marks().openInvokes = String(open.size);
      });
    }

    override send(data: Parameters<WebSocket["send"]>[0]): void {
      const frame = String(data);
      if (frame.includes('"channel":"chat.send"')) {
        marks().invokeSent ??= String(performance.now());
        marks().conversationId = /"conversationId":"([^"]+)"/.exec(frame)?.[1] ?? "";
      }
      const asked = idOf(frame, "invoke");
      if (asked !== undefined) open.add(asked);
      marks().openInvokes = String(open.size);
      super.send(data);
    }
  };
}

/**
 * A person clicks Send a moment after the last key, when what typing started (the draft's cost
 * estimate, asked after the draft is drawn) is done: two frames, then no call unanswered.
 */
async function settled(page: Page): Promise<void> {
  for (let frame = 0; frame < 2; frame++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  }
  await page.waitForFunction(() => (document.documentElement.dataset.openInvokes ?? "0") === "0");
}

/** In the app's page, from the Send button's click: see PageTimings. */
function pageFirstToken(page: Page): Promise<PageTimings> {
  return page.evaluate(
    () =>
      new Promise<PageTimings>((resolve) => {
        const marks = document.documentElement.dataset;
        const replyText = () => {
          const live = document.querySelector("article.message--streaming");
          return live !== null && live.querySelector(".message__typing") === null && live.textContent.trim() !== "";
        };
        const send = [...document.querySelectorAll("button")].find((button) => button.textContent === "Send");
        if (!send) throw new Error("no Send button");
        const observer = new MutationObserver(() => {
          if (!replyText()) return;
          observer.disconnect();
          const firstText = performance.now() - started;
          const since = (mark: string | undefined) => Number(mark) - started;
          resolve({ invokeSent: since(marks.invokeSent), firstFrame: since(marks.firstFrame), firstText });
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        delete marks.invokeSent;
        delete marks.firstFrame;
        const started = performance.now();
        send.click();
      }),
  );
}

/**
 * The same Send made on the page's socket by hand, with nothing drawn: from the invoke to its first
 * delta frame handled, then the stream stopped and ended. Beside `relay_page_first_frame_ms`, what
 * drawing the question costs the first words on this page.
 */
function bridgeFirstFrame(page: Page, prompt: string, round: number): Promise<number> {
  return page.evaluate(
    ({ prompt, round }) =>
      new Promise<number>((resolve) => {
        const socket = (window as BenchWindow).benchSocket;
        const conversationId = document.documentElement.dataset.conversationId;
        if (!socket || !conversationId) throw new Error("no socket or conversation to send on");
        // Far above the app's own call ids, so its transport ignores the answers.
        const callId = 1_000_000 + round * 2;
        let streamId: string | null = null;
        let firstFrame = 0;
        const onFrame = (message: MessageEvent) => {
          const frame = String(message.data);
          if (streamId === null && frame.includes('"kind":"delta"')) {
            firstFrame = performance.now() - started;
            streamId = /"streamId":"([^"]+)"/.exec(frame)?.[1] ?? "";
            const cancel = { t: "invoke", id: callId + 1, channel: "streams.cancel", payload: { streamId } };
            socket.send(JSON.stringify(cancel));
          } else if (
            streamId !== null &&
            frame.includes(`"streamId":"${streamId}"`) &&
            frame.includes('"kind":"done"')
          ) {
            socket.removeEventListener("message", onFrame);
            resolve(firstFrame);
          }
        };
        socket.addEventListener("message", onFrame);
        const payload = { conversationId, content: prompt, searchWeb: false };
        const started = performance.now();
        socket.send(JSON.stringify({ t: "invoke", id: callId, channel: "chat.send", payload }));
      }),
    { prompt, round },
  );
}

/** In a page of the gateway's origin: a streaming fetch, from the request to the first content delta. */
function directFirstToken(page: Page, prompt: string): Promise<number> {
  const body = directChatBody(prompt);
  return page.evaluate(
    async ({ key, body }) => {
      const started = performance.now();
      const response = await fetch("/v1/chat/completions", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.body) throw new Error(`the gateway answered ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let text = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended before any content");
        text += decoder.decode(value, { stream: true });
        if (/"content":"[^"]/.test(text)) {
          const elapsed = performance.now() - started;
          await reader.cancel();
          return elapsed;
        }
      }
    },
    { key: RELAY_KEY, body },
  );
}

/**
 * Time to first token through the whole app: the page's Send, the WebSocket bridge, the web host's
 * services and back to the document, against a direct fetch from the same browser to the same gateway.
 */
export async function relayPageBench(): Promise<void> {
  const gateway = await start({
    port: 0,
    dataDir: tempDir("bench-gw-"),
    config: { ...RELAY_ACCOUNTS, firstTokenDelayMs: 0 },
  });
  const dataDir = tempDir("bench-app-");
  await seedProfile(dataDir, gateway.url, RELAY_KEY);
  seedConversation(dataDir, 0, "Relay");
  const app = await openBenchApp(dataDir, gateway.url, RELAY_KEY);
  const direct: number[] = [];
  const relayed: number[] = [];
  const timings: PageTimings[] = [];
  const bridgeOnly: number[] = [];
  const rounds = sized(ROUNDS, 1);
  try {
    await app.page.addInitScript(markSocketTraffic);
    await app.page.reload();
    const gatewayPage = await app.browser.newPage();
    await gatewayPage.goto(`${gateway.url}/v1/models`);
    await app.page.bringToFront();
    const message = app.page.getByRole("textbox", { name: "Message" });
    for (let round = -1; round < rounds; round++) {
      const prompt = `Benchmark prompt ${round}`;
      const baseline = await directFirstToken(gatewayPage, prompt);
      await message.fill(prompt);
      await settled(app.page);
      const through = await pageFirstToken(app.page);
      await app.page.getByRole("button", { name: "Stop", exact: true }).click();
      await app.page.getByRole("button", { name: "Send", exact: true }).waitFor();
      // Round -1 warms both paths up.
      if (round < 0) continue;
      direct.push(baseline);
      relayed.push(through.firstText);
      timings.push(through);
    }
    for (let round = -1; round < rounds; round++) {
      const framed = await bridgeFirstFrame(app.page, `Bridge prompt ${round}`, round + 1);
      if (round >= 0) bridgeOnly.push(framed);
    }
  } finally {
    await app.close();
    await gateway.close();
  }
  reportAdded("relay_page", direct, relayed);
  // Where the time goes: before the invoke leaves the page, until the first frame is back, and rendering it.
  report(
    "relay_page_invoke_sent_ms_p50",
    percentile(
      timings.map((timing) => timing.invokeSent),
      50,
    ),
    "ms",
  );
  report(
    "relay_page_first_frame_ms_p50",
    percentile(
      timings.map((timing) => timing.firstFrame),
      50,
    ),
    "ms",
  );
  report("relay_page_bridge_first_frame_ms_p50", percentile(bridgeOnly, 50), "ms");
}
