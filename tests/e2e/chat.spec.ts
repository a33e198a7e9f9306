import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { expect, test } from "./support/app-fixture.ts";
import { startNewChat } from "./support/chat-steps.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";
import { balanceOf, startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-chat-0001";
let fast: RunningGateway;
let slow: RunningGateway;

test.beforeAll(async () => {
  const accounts = {
    tenants: [{ id: "t", name: "Tenant", topupBalance: 100, giftBalance: 0 }],
    keys: [{ key: KEY, tenant: "t", id: "k", name: "Chat key" }],
  };
  fast = await startGateway({ ...accounts, timeScale: 0.05 });
  slow = await startGateway({ ...accounts, timeScale: 1, tokensPerSecond: 15, firstTokenDelayMs: 100 });
});
test.afterAll(async () => {
  await fast.close();
  await slow.close();
});

async function newChat(page: Page) {
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await startNewChat(page);
}

async function ask(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
}

const replies = (page: Page) => page.getByRole("article", { name: "Assistant" });

test("sends in each wire format and shows the streamed replies with their metadata", async ({
  launchApp,
}, testInfo) => {
  const { page } = await launchApp({ profile: { url: fast.url, key: KEY } });
  await newChat(page);
  await ask(page, "How should I structure a CLI tool?");
  await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
  const first = replies(page).last();
  await expect(first.getByTestId("finish")).toHaveText("Finished");
  await expect(first.getByRole("table")).toBeVisible();
  await expect(first.locator("pre code")).toBeVisible();
  await expect(first.locator("pre code [class^='hljs-']").first()).toBeVisible();
  await expect(first.getByTestId("reply-meta")).toContainText(/\d+ in · \d+ out tokens/);
  await expect(first.getByTestId("request-id")).toHaveText(/^req_/);
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible();

  await page.getByRole("combobox", { name: "API format (OpenAI / Anthropic)" }).selectOption({ label: "Messages" });
  await expect(page.getByRole("combobox", { name: "API format (OpenAI / Anthropic)" })).toHaveValue("messages");
  await ask(page, "And with the messages format?");
  await expect(replies(page)).toHaveCount(2);
  await expect(replies(page).last().getByTestId("finish")).toHaveText("Finished");
  // Highlighting's grammars are registered once for every reply, not per reply.
  await expect(replies(page).last().locator("pre code [class^='hljs-']").first()).toBeVisible();
  await expect(page.getByRole("article", { name: "You" })).toHaveCount(2);
  await page.screenshot({
    path: join(PROJECT_ROOT, "tests", "artifacts", `${testInfo.project.name}-chat-conversation.png`),
  });
});

test("Stop ends the reply at once and keeps the partial text", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: slow.url, key: KEY } });
  await newChat(page);
  const balanceBefore = (await balanceOf(slow, KEY)).balance;
  // A long question: its input alone costs more than the balance's 4 decimals can hide.
  await ask(page, `Write something long about ${"the sea and the sky, ".repeat(60)}`);
  const streaming = replies(page).last();
  await expect(streaming.locator(".markdown")).toContainText(/\w+ \w+ \w+/);
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(replies(page).last().getByRole("status")).toHaveText("Stopped");
  const kept = await replies(page).last().locator(".markdown").textContent();
  expect(kept!.length).toBeGreaterThan(5);
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
  // The gateway charges a stream when it ends; this one is charged once the app has closed it, so
  // from then on no more text can come, and none came.
  await expect.poll(async () => (await balanceOf(slow, KEY)).balance).toBeLessThan(balanceBefore);
  expect(await replies(page).last().locator(".markdown").textContent()).toBe(kept);
});

test("a cut stream is marked Interrupted and Retry answers", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: fast.url, key: KEY } });
  await newChat(page);
  const model = page.getByRole("combobox", { name: "Model" });
  await model.fill("chat-stream-cut");
  await model.press("Enter");
  await ask(page, "This will be cut");
  await expect(replies(page).last().getByRole("status")).toContainText("Interrupted");
  await expect(replies(page).last().locator(".markdown")).not.toBeEmpty();
  await model.fill("chat-fast");
  await model.press("Enter");
  const cut = await replies(page).last().locator(".markdown").textContent();
  await replies(page).last().getByRole("button", { name: "Retry" }).click();
  // The same reply is answered again, in full, by the model now chosen.
  await expect(replies(page).last().getByTestId("finish")).toHaveText("Finished");
  await expect(replies(page).last()).not.toContainText("Interrupted");
  await expect(replies(page).last().getByTestId("reply-meta")).toContainText("chat-fast");
  await expect(replies(page).last().locator(".markdown")).not.toHaveText(cut!);
  await expect(replies(page)).toHaveCount(1);
});

test("an out-of-range temperature is refused in the form, naming the range", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: fast.url, key: KEY } });
  await newChat(page);
  await page.getByRole("button", { name: "Conversation settings" }).click();
  const form = page.getByRole("form", { name: "Conversation settings" });
  await form.getByLabel("Temperature").fill("2.5");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByRole("alert")).toHaveText("Temperature must be between 0 and 2 for Chat Completions");
  await page.getByRole("combobox", { name: "API format (OpenAI / Anthropic)" }).selectOption({ label: "Messages" });
  await expect(form.locator("#temperature-hint")).toHaveText("Allowed: 0 to 1");
  await form.getByLabel("Temperature").fill("1.5");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByRole("alert")).toHaveText("Temperature must be between 0 and 1 for Messages");
  await form.getByLabel("Temperature").fill("0.3");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByRole("status")).toHaveText("Settings saved.");
});

test("web search shows numbered Sources linking to the cited pages", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: fast.url, key: KEY } });
  await newChat(page);
  await page.getByRole("checkbox", { name: "Search the web" }).check();
  await ask(page, "How do rate limits and Retry-After work?");
  const reply = replies(page).last();
  await expect(reply.getByTestId("finish")).toHaveText("Finished");
  // The reply names the model that answered it: the profile's search model, not the conversation's.
  await expect(reply.getByTestId("reply-meta")).toContainText("web-search");
  const sources = reply.getByRole("region", { name: "Sources" });
  const links = sources.getByRole("link");
  await expect(links.first()).toHaveText("Rate limits");
  await expect(links.first()).toHaveAttribute("href", `${fast.url}/help/rate-limits`);
  for (const href of await links.evaluateAll((anchors) =>
    anchors.map((anchor) => (anchor as HTMLAnchorElement).href),
  )) {
    expect((await fetch(href)).status).toBe(200);
  }
  const marker = reply.locator("a.citation-marker").first();
  await expect(marker).toHaveText("[1]");
  const target = await marker.getAttribute("href");
  await expect(sources.locator(target!)).toContainText("Rate limits");
  await expect(reply.getByTestId("reply-meta")).toContainText("web-search");
});

test("conversations are still there after the app restarts", async ({ launchApp }) => {
  const first = await launchApp({ profile: { url: fast.url, key: KEY } });
  await newChat(first.page);
  await ask(first.page, "Remember this question about lighthouses");
  await expect(replies(first.page).last().getByTestId("finish")).toHaveText("Finished");
  await first.close();

  const second = await launchApp({ profile: { url: fast.url, key: KEY }, dataDir: first.dataDir });
  await second.page.getByRole("button", { name: "Chat", exact: true }).click();
  const saved = second.page.getByRole("button", { name: "Remember this question about lighthouses", exact: true });
  await expect(saved).toBeVisible();
  await expect(second.page.getByRole("article", { name: "You" })).toContainText(
    "Remember this question about lighthouses",
  );
  await expect(replies(second.page).last().getByTestId("finish")).toHaveText("Finished");
  await second.page.getByRole("searchbox", { name: "Search conversations" }).fill("lighthouse");
  await expect(second.page.getByRole("button", { name: /^Remember this question about lighthouses/ })).toHaveCount(1);
});

test("exports the conversation to Markdown and to JSON", async ({ launchApp }, testInfo) => {
  test.skip(
    testInfo.project.name === "electron",
    "Electron saves through the system save dialog, which a test cannot drive.",
  );
  const { page } = await launchApp({ profile: { url: fast.url, key: KEY } });
  await newChat(page);
  await ask(page, "Export me please");
  await expect(replies(page).last().getByTestId("finish")).toHaveText("Finished");
  const formats: [string, string, (content: string) => void][] = [
    ["Export Markdown", ".md", (content) => expect(content).toContain("## Assistant (chat-fast)")],
    ["Export JSON", ".json", (content) => expect(JSON.parse(content).messages).toHaveLength(2)],
  ];
  for (const [button, extension, holdsTheConversation] of formats) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      (async () => {
        await page.getByRole("button", { name: "Export", exact: true }).click();
        await page.getByRole("menuitem", { name: button }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toBe(`Export-me-please${extension}`);
    const content = readFileSync((await download.path())!, "utf8");
    expect(content).toContain("Export me please");
    holdsTheConversation(content);
  }
});

test("Ctrl+N starts a new chat from any pane, and a typed draft survives switching panes", async ({ launchApp }) => {
  const { page } = await launchApp({ profile: { url: fast.url, key: KEY } });
  await page.getByRole("button", { name: "Budget" }).click();
  await page.keyboard.press("Control+n");
  await expect(page.getByRole("button", { name: "Chat", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: "New chat", exact: true }).first()).toBeVisible();
  await page.getByRole("textbox", { name: "Message" }).fill("half-written question");
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await page.getByLabel("Prompt").fill("an unfinished image prompt");
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("half-written question");
  await page.getByRole("button", { name: "Images", exact: true }).click();
  await expect(page.getByLabel("Prompt")).toHaveValue("an unfinished image prompt");
});
