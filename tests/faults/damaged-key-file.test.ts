import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServices } from "../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../support/local-gateway.ts";
import { choose, expectWorkingApp, hostOn, pageOf, setAside } from "./recovery-host.ts";

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

describe("a key file cut short (a sync tool, a full disk)", () => {
  it("gets the recovery page, not an exit; a new key keeps every conversation and asks only for the API keys", async () => {
    const dataDir = tempDir("key-");
    const first = await startServices(gateway.url, KEYS.main.key, dataDir);
    first.conversations.create(first.chat.defaultSettings(), "Kept conversation");
    await first.close();
    const keyFile = join(dataDir, "secret.key");
    writeFileSync(keyFile, readFileSync(keyFile).subarray(0, 7));

    const host = await hostOn(dataDir);
    expect(host.problems).toMatchObject([{ kind: "key", path: keyFile, problem: "invalid" }]);
    const page = await pageOf(host);
    expect(page).toContain(keyFile);
    expect(page).toContain("it holds 7 bytes; a key file holds 32");
    expect(page).toContain("Make a new key and enter the API keys again");
    expect(page).not.toContain("Restore the latest backup");

    expect((await choose(host, "fresh")).status).toBe(303);
    await expectWorkingApp(host, ["Kept conversation"]);
    expect(setAside(dataDir)).toEqual([expect.stringMatching(/^secret\.key\.damaged-/)]);
    expect(readFileSync(keyFile)).toHaveLength(32);
    const profile = host.services.vault.state().profiles.find((item) => item.baseUrl === gateway.url);
    expect(profile).toMatchObject({ hasKey: false });
  });
});
