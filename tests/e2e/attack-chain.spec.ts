import type WebSocket from "ws";
import { invoke, openBridgeAt, secretHeldBy } from "../support/bridge-client.ts";
import { startRecordingServer, type RecordingServer } from "../support/recording-server.ts";
import { startVariantServer, type VariantServer } from "../support/variant-server.ts";
import { expect, test } from "./support/app-fixture.ts";
import { recordPageRequests, requestsTo } from "./support/page-requests.ts";

const KEY = "sk-attack-chain-secret-0001";
let model: VariantServer;
let attacker: RecordingServer;

test.beforeAll(async () => {
  model = await startVariantServer();
  attacker = await startRecordingServer();
});
test.afterAll(async () => {
  await model.close();
  await attacker.close();
});

test("the whole chain fails: a reply's images leak no token, kill no host, and a stolen bridge gets no key", async ({
  launchApp,
}, testInfo) => {
  test.skip(testInfo.project.name !== "web", "the chain goes through the web host's token and bridge");
  const { page, output } = await launchApp({ profile: { url: model.url, key: KEY } });
  const requests = recordPageRequests(page);
  await page.getByRole("button", { name: "Chat", exact: true }).click();
  await page.getByRole("button", { name: "New chat" }).first().click();
  const modelField = page.getByRole("combobox", { name: "Model" });
  await modelField.fill("echo");
  await modelField.press("Enter");

  // 1. A reply whose images would send the page's secret elsewhere, or send the host paths that once killed it.
  const reply = `![a](${attacker.url}/steal.png) ![b](/.//x:abc/) ![c](/%c0%ae) ![d](//127.0.0.1:${new URL(attacker.url).port}/x.png)`;
  await page.getByRole("textbox", { name: "Message" }).fill(reply);
  await page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(page.getByRole("article", { name: "Assistant" }).last().getByTestId("finish")).toHaveText("Finished");
  await page.reload(); // the conversation reopens with the same reply
  await expect(page.getByRole("article", { name: "Assistant" }).last()).toBeVisible();
  expect(requestsTo(await requests.issuedSoFar(), attacker.url)).toEqual([]);
  expect(attacker.requests).toEqual([]);

  // 2. Had the secret leaked anyway: a script opens the bridge with it and re-points the profile.
  const hostUrl = new URL(page.url()).origin;
  const ws: WebSocket = await openBridgeAt(hostUrl, await secretHeldBy(page));
  const listed = await invoke<{ ok: true; data: { activeId: string; profiles: { id: string; name: string }[] } }>(
    ws,
    "profiles.list",
  );
  const active = listed.data.profiles.find((profile) => profile.id === listed.data.activeId)!;
  const repointed = await invoke(ws, "profiles.save", {
    id: active.id,
    name: active.name,
    baseUrl: attacker.url,
    auth: "x-api-key",
  });
  expect(repointed).toMatchObject({ ok: true, data: { hasKey: false } });
  expect(await invoke(ws, "budget.get", { profileId: active.id })).toMatchObject({
    ok: false,
    error: { code: "KEY_MISSING" },
  });
  ws.close();

  // 3. The key went nowhere but the server it was saved for.
  expect(attacker.credentialed()).toEqual([]);
  expect(JSON.stringify(attacker.requests)).not.toContain(KEY);
  expect(output()).not.toContain(KEY);
});
