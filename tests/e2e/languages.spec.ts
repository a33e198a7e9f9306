import type { Page } from "@playwright/test";
import { zh } from "../../renderer/src/i18n/zh.ts";
import { expect, test } from "./support/app-fixture.ts";

/** Chooses 中文 in Settings, as a user does. */
async function speakChinese(page: Page) {
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  await page.getByRole("combobox", { name: "Language" }).selectOption("zh");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");
}

test("in Chinese, main's own errors are said in Chinese beside their code; main is told the language", async ({
  launchApp,
}, testInfo) => {
  const app = await launchApp({ profile: { url: "http://127.0.0.1:9", key: "sk-e2e-nowhere-0002" } });
  const { page } = app;
  await speakChinese(page);
  await page.getByRole("button", { name: zh.nav.budget, exact: true }).click();
  const alert = page.getByRole("alert").first();
  await expect(alert).toContainText("NETWORK_ERROR");
  await expect(alert).toContainText("无法连接到 127.0.0.1:9 上的网关");
  await expect(alert).not.toContainText("Could not reach");
  if (testInfo.project.name !== "electron") {
    expect(app.frames.sent.join("\n")).toMatch(/app\.setLanguage[^\n]*"language":"zh"/);
  }
});

test("in Chinese, a video held for a slot says why in Chinese", async ({ launchApp }) => {
  const { page } = await launchApp({ gatewayConfig: { timeScale: 0.1, videoSeconds: [600, 600] } });
  await speakChinese(page);
  await page.getByRole("button", { name: zh.nav.videos, exact: true }).click();
  for (const prompt of ["first video", "second video", "third video"]) {
    await page.getByLabel(zh.media.prompt).fill(prompt);
    await page.getByRole("button", { name: zh.media.generateVideo }).click();
    await expect(page.getByRole("button", { name: zh.media.generateVideo })).toBeEnabled();
  }
  await page.getByRole("button", { name: zh.nav.tasks, exact: true }).click();
  await expect(page.getByRole("row", { name: "third video" })).toContainText("已有 2 个视频在生成");
});
