import { closeSync, openSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataProblem } from "../../electron/services/store/data-files.ts";
import { invoke, openBridgeAt } from "../support/bridge-client.ts";
import { startServices } from "../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../support/local-gateway.ts";
import { choose, expectWorkingApp, hostOn, pageOf, setAside } from "./recovery-host.ts";

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

const database = (dir: string) => join(dir, "modeldesk.sqlite");

/** A data folder in use: a conversation, the profile and its key, and backups from two starts. */
async function useData(dir: string): Promise<void> {
  for (let start = 0; start < 2; start++) {
    const services = await startServices(gateway.url, KEYS.main.key, dir);
    if (start === 0) services.conversations.create(services.chat.defaultSettings(), "Kept conversation");
    await services.close();
  }
}

/** Garbage over two pages in the middle of the file: its header, schema and counters still read. */
function overwriteMiddle(file: string): void {
  const fd = openSync(file, "r+");
  writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, Math.floor(statSync(file).size / 2 / 4096) * 4096);
  closeSync(fd);
}

describe("damage only reading the whole database finds, which the start leaves for after it", () => {
  it("the app opens; once the check finds it, the host stops the app, names it and Restore brings the data back", async () => {
    const dir = tempDir("web-");
    await useData(dir);
    overwriteMiddle(database(dir));
    const found: (readonly DataProblem[])[] = [];
    const host = await hostOn(dir, { onDamageFound: (problems) => found.push(problems) });
    expect(host.problems).toEqual([]);

    await expect.poll(() => pageOf(host), { timeout: 30_000 }).toContain("ModelDesk cannot open its data safely");
    expect(found).toMatchObject([[{ kind: "database", problem: "corrupt", backup: expect.anything() }]]);
    const page = await pageOf(host);
    expect(page).toContain(`${database(dir)} is damaged (`);
    expect(page).toContain("Restore the latest backup");
    // A page of the app still open reconnects and hears why: it then opens the recovery page.
    const bridge = await openBridgeAt(host.url, new URL(host.appUrl).searchParams.get("token")!);
    expect(await invoke(bridge, "app.dataUpkeep")).toEqual({ ok: true, data: { work: null, damaged: true } });
    bridge.close();

    expect((await choose(host, "restore")).status).toBe(303);
    await expectWorkingApp(host, ["Kept conversation"]);
    expect(setAside(dir)).toEqual([expect.stringMatching(/^modeldesk\.sqlite\.damaged-\d{8}T\d{9}Z$/)]);
  });
});
