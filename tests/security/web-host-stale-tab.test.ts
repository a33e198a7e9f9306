import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, openBrowserHost, type BrowserHost } from "./browser-host-fixture.ts";
import { squatPort, type Squatter } from "./port-squatter.ts";

const TYPED_KEY = "sk-typed-into-settings-7c41";

let app: BrowserHost;
let squatter: Squatter | null = null;
beforeAll(async () => {
  app = await openBrowserHost();
}, 180_000);
afterAll(async () => {
  await squatter?.close();
  await app.close();
  await closeBrowser();
});

describe("a tab left open when its web host stops", () => {
  it("talks to no process that takes the port next: no call, no secret, no key reaches it", async () => {
    const { page } = app;
    const port = Number(new URL(app.host.url).port);
    // A key half typed into Settings when the host stops (the pane's code is loaded while it runs).
    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByRole("button", { name: "Add profile" }).click();
    const form = page.getByRole("form", { name: "New profile" });
    await form.getByLabel("Name").fill("Typed");
    await form.getByLabel("Base URL").fill("https://gateway.example.com");
    await form.getByLabel("API key").fill(TYPED_KEY);

    await app.host.close();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("reconnecting");
    squatter = await squatPort(port);

    // The page finds something at its address again, but it cannot prove it is the page's host.
    await page.getByText("This window lost its app", { exact: true }).waitFor();

    // What the user does next stays in the window.
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByRole("alert").waitFor();
    await page.getByRole("button", { name: "Chat", exact: true }).click();
    await page.getByRole("textbox", { name: "Message" }).fill("a question for the squatter");
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
    await page.getByText("HOST_DISCONNECTED").first().waitFor();

    expect(squatter.requests.length).toBeGreaterThan(0);
    expect(squatter.frames.length).toBeGreaterThan(0);
    const received = squatter.everything();
    expect(received).not.toContain('"invoke"');
    expect(received).not.toContain(app.secret);
    expect(received).not.toContain(TYPED_KEY);
    expect(received).not.toContain("a question for the squatter");
    // The only thing the page sent it: a challenge of its own.
    expect(squatter.frames.every((frame) => /^\{"t":"hello","challenge":"[0-9a-f]{64}"\}$/.test(frame))).toBe(true);
  }, 120_000);
});
