import type { Page } from "playwright-core";
import { start } from "../../electron/local-gateway/index.ts";
import { DEFAULT_CHAT_SETTINGS } from "../../shared/ipc/chat.ts";
import { tempDir } from "../support/local-gateway.ts";
import { openBenchApp } from "./bench-app.ts";
import { seedConversation, seedProfile } from "./bench-seed.ts";
import { RELAY_ACCOUNTS, RELAY_KEY, reportAdded } from "./relay-bench.ts";

const ROUNDS = 25;

/** In the app's page: from Send to the first text of the reply in the document. */
function pageFirstToken(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const replyText = () => {
          const live = document.querySelector("article.message--streaming");
          return live !== null && live.querySelector(".message__typing") === null && live.textContent.trim() !== "";
        };
        const send = [...document.querySelectorAll("button")].find((button) => button.textContent === "Send");
        if (!send) throw new Error("no Send button");
        const observer = new MutationObserver(() => {
          if (!replyText()) return;
          observer.disconnect();
          resolve(performance.now() - started);
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        const started = performance.now();
        send.click();
      }),
  );
}

/** In a page of the gateway's origin: a streaming fetch, from the request to the first content delta. */
function directFirstToken(page: Page, prompt: string): Promise<number> {
  const body = {
    model: DEFAULT_CHAT_SETTINGS.model,
    messages: [{ role: "user", content: prompt }],
    temperature: DEFAULT_CHAT_SETTINGS.temperature,
    top_p: DEFAULT_CHAT_SETTINGS.topP,
    max_tokens: DEFAULT_CHAT_SETTINGS.maxTokens,
    stream: true,
  };
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
  try {
    const gatewayPage = await app.browser.newPage();
    await gatewayPage.goto(`${gateway.url}/v1/models`);
    await app.page.bringToFront();
    const message = app.page.getByRole("textbox", { name: "Message" });
    for (let round = -1; round < ROUNDS; round++) {
      const prompt = `Benchmark prompt ${round}`;
      const baseline = await directFirstToken(gatewayPage, prompt);
      await message.fill(prompt);
      const through = await pageFirstToken(app.page);
      await app.page.getByRole("button", { name: "Stop", exact: true }).click();
      await app.page.getByRole("button", { name: "Send", exact: true }).waitFor();
      // Round -1 warms both paths up.
      if (round < 0) continue;
      direct.push(baseline);
      relayed.push(through);
    }
  } finally {
    await app.close();
    await gateway.close();
  }
  reportAdded("relay_page", direct, relayed);
}
