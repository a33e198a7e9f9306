import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { STDIO_ONLY_TOOLS, TEST_MCP_SERVER_SCRIPT } from "../support/mcp/test-mcp-launch.ts";
import { TEST_TOOL_NAMES } from "../support/mcp/test-mcp-tools.ts";
import { expect, test, type RunningApp } from "./support/app-fixture.ts";
import { axeScan, reportAxe } from "./support/axe-scan.ts";
import { PROJECT_ROOT } from "./support/electron-binary.ts";

const SECRET = "mcp-e2e-secret-3b9f1c7a";
const SERVER = "Test tools";
const VIEWPORTS = [
  { width: 960, height: 640 },
  { width: 1280, height: 800 },
];
const artifact = (project: string, width: number, name: string) =>
  join(PROJECT_ROOT, "tests", "artifacts", "settings", `${project}-mcp-${name}-${width}.png`);

/** Every place the page could hold a value: its markup, its storage and what main sent it. */
async function everythingThePageHolds(app: RunningApp): Promise<string> {
  const storage = await app.page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  return [await app.page.content(), storage, ...app.frames.received].join("\n");
}

/** Test server on the card, and what it answers: the tools listed, or the error shown. */
async function testServer(card: Locator): Promise<void> {
  await card.getByRole("button", { name: `Test server: ${SERVER}` }).click();
  await expect(card.getByRole("button", { name: `Test server: ${SERVER}` })).toHaveText("Test server");
}

async function saveForm(page: Page, form: Locator): Promise<void> {
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "MCP server saved." })).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test(`MCP servers at ${viewport.width}: added with a secret, tested, edited, turned off, removed`, async ({
    launchApp,
  }, testInfo) => {
    const app = await launchApp();
    const { page } = app;
    const shot = (target: Page | Locator, name: string) =>
      target.screenshot({ path: artifact(testInfo.project.name, viewport.width, name) });
    await page.setViewportSize(viewport);
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const section = page.getByRole("region", { name: "MCP servers" });
    await section.getByRole("button", { name: "Add MCP server" }).click();

    // First without the variable it needs: the server gives up, and says why on stderr.
    const form = page.getByRole("form", { name: "New MCP server" });
    await expect(form.getByLabel("Name", { exact: true })).toBeFocused();
    await form.getByLabel("Name", { exact: true }).fill(SERVER);
    await form.getByLabel("Command").fill(process.execPath);
    await form.getByLabel("Arguments").fill(TEST_MCP_SERVER_SCRIPT);
    await form.getByRole("button", { name: "Add variable" }).click();
    await form.getByLabel("Environment row 1: Name").fill("MCP_TEST_REQUIRE");
    await form.getByLabel("Environment row 1: Value").fill("TEST_SECRET");
    await shot(form, "form");
    await saveForm(page, form);
    const card = section.getByRole("listitem", { name: SERVER });
    await testServer(card);
    await expect(card.getByRole("alert")).toContainText(`The MCP server "${SERVER}" stopped.`);
    await expect(card.locator("pre")).toHaveText("test server: TEST_SECRET is not set, giving up");
    await shot(section, "error");

    // With the secret: its tools are listed.
    await card.getByRole("button", { name: `Edit: ${SERVER}` }).click();
    const edit = page.getByRole("form", { name: "Edit MCP server" });
    await edit.getByRole("button", { name: "Add variable" }).click();
    await edit.getByLabel("Environment row 2: Name").fill("TEST_SECRET");
    await edit.getByLabel("Environment row 2: Secret").check();
    await edit.getByLabel("Environment row 2: Value").fill(SECRET);
    await saveForm(page, edit);
    await expect(card).toContainText("1 secret saved");
    await testServer(card);
    const tools = card.getByRole("list", { name: `Tools of ${SERVER}` });
    await expect(tools.locator("code")).toHaveText([...TEST_TOOL_NAMES, ...STDIO_ONLY_TOOLS]);
    await expect(card.getByRole("status")).toContainText("8 tools, in");
    await shot(section, "tools");
    const toolsAxe = await axeScan(page, "mcp tools");

    // Edited without typing it again, the secret is kept: the server still finds it.
    await card.getByRole("button", { name: `Edit: ${SERVER}` }).click();
    await expect(edit.getByLabel("Environment row 2: Value")).toHaveValue("");
    await expect(edit.getByLabel("Environment row 2: Value")).toHaveAttribute("placeholder", "•••• saved");
    await shot(edit, "edit");
    const formAxe = await axeScan(page, "mcp form");
    reportAxe(`${testInfo.project.name}-mcp-${viewport.width}`, [toolsAxe, formAxe]);
    for (const count of [toolsAxe, formAxe]) expect(count.blocking, count.view).toEqual([]);
    await saveForm(page, edit);
    await testServer(card);
    await expect(tools.locator("code")).toHaveCount(TEST_TOOL_NAMES.length + STDIO_ONLY_TOOLS.length);
    expect(await everythingThePageHolds(app)).not.toContain(SECRET);

    // The box shows what main saved, once it has.
    await card.getByRole("checkbox", { name: `Enabled: ${SERVER}` }).click();
    await expect(card.getByRole("checkbox", { name: `Enabled: ${SERVER}` })).not.toBeChecked();
    await expect(card.getByText("Off", { exact: true })).toBeVisible();
    await page.reload();
    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await expect(card.getByRole("checkbox", { name: `Enabled: ${SERVER}` })).not.toBeChecked();

    await card.getByRole("button", { name: `Remove: ${SERVER}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove", exact: true }).click();
    await expect(card).toHaveCount(0);
    await expect(section).toContainText("No MCP servers yet.");
  });
}
