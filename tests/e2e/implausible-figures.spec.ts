import type { RunningGateway } from "../../electron/local-gateway/index.ts";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy.ts";
import { expect, test } from "./support/app-fixture.ts";
import { startNewChat } from "./support/chat-steps.ts";
import { startGateway } from "./support/test-gateway.ts";

const KEY = "sk-e2e-implausible-0001";
let gateway: RunningGateway;
let proxy: FaultProxy;

test.beforeAll(async () => {
  gateway = await startGateway({
    tenants: [{ id: "t", name: "Tenant", topupBalance: 100 }],
    keys: [{ key: KEY, tenant: "t", id: "k", name: "Key" }],
    timeScale: 0.05,
  });
  proxy = await startFaultProxy(gateway.url);
});
test.afterAll(async () => {
  await proxy.close();
  await gateway.close();
});
test.afterEach(() => proxy.editAnswers(null));

test("a reply whose server sent an impossible token count says so", async ({ launchApp }) => {
  proxy.editAnswers((body, path) =>
    path === "/v1/chat/completions" ? body.replace(/"completion_tokens":\d+/, '"completion_tokens":-7') : body,
  );
  const { page } = await launchApp({ profile: { url: proxy.url, key: KEY } });
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await startNewChat(page);
  await page.getByRole("button", { name: "Conversation settings" }).click();
  const settings = page.getByRole("form", { name: "Conversation settings" });
  await settings.getByLabel("Stream replies").uncheck();
  await settings.getByRole("button", { name: "Save settings" }).click();
  await page.getByRole("textbox", { name: "Message" }).fill("Count to three.");
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  const reply = page.getByRole("article", { name: "Assistant" }).last();
  await expect(reply.getByTestId("finish")).toHaveText("Finished");
  await expect(reply.getByRole("note")).toHaveText(
    "The server sent an impossible token count; the cost is estimated from the balance",
  );
});

test("a balance the server could not have is refused on the Budget pane, naming the field", async ({ launchApp }) => {
  proxy.editAnswers((body, path) =>
    path === "/v1/balance" ? body.replace(/"balance":[\d.]+/, '"balance":1e300') : body,
  );
  const { page } = await launchApp({ profile: { url: proxy.url, key: KEY } });
  await page.getByRole("button", { name: "Budget", exact: true }).click();
  await expect(page.getByRole("alert").first()).toContainText("balance");
  await expect(page.getByRole("alert").first()).toContainText("not a plausible amount of money");
});
