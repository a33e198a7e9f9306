import { spawn } from "node:child_process";
import { once } from "node:events";
import { copyFileSync, readdirSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupsOf, stampOf } from "../../electron/services/store/data-backups.ts";
import { startServices } from "../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../support/local-gateway.ts";
import { choose, expectWorkingApp, hostOn, pageOf } from "./recovery-host.ts";

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

const database = (dir: string) => join(dir, "modeldesk.sqlite");
const backupsDir = (dir: string) => join(dir, "backups");
/** What a killed backup can leave beside the backups: a temporary copy, SQLite's journal, -wal or -shm. */
const leftovers = (dir: string) =>
  readdirSync(backupsDir(dir)).filter((name) => /\.partial|-journal|-wal|-shm/.test(name));

/** A data folder in use: a conversation in a database of `megabytes`, and backups from two starts. */
async function useData(dir: string, megabytes = 0): Promise<void> {
  for (let start = 0; start < 2; start++) {
    const services = await startServices(gateway.url, KEYS.main.key, dir);
    if (start === 0) {
      const { id } = services.conversations.create(services.chat.defaultSettings(), "Kept conversation");
      for (let message = 0; message < megabytes; message++) {
        services.conversations.appendMessage({
          conversationId: id,
          role: "user",
          content: `${message} ${"x".repeat(1024 * 1024)}`,
          status: "complete",
        });
      }
    }
    await services.close();
  }
}

/** The app's start-up backup of `dir`, in a process of its own, killed (-9) while it writes the copy. */
async function killDuringBackup(dir: string): Promise<void> {
  const store = new URL("../../electron/services/store/", import.meta.url);
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { openAppDatabase } = await import(${JSON.stringify(new URL("app-database.ts", store).href)});
       const { backUpDataFiles } = await import(${JSON.stringify(new URL("data-backups.ts", store).href)});
       await backUpDataFiles(process.argv[1], openAppDatabase(process.argv[2]));`,
      dir,
      database(dir),
    ],
    { stdio: "inherit" },
  );
  const exited = once(child, "exit");
  // SQLite keeps a journal beside the copy from its first page to its last: the copy is half-way.
  while (!readdirSync(backupsDir(dir)).some((name) => name.endsWith("-journal"))) {
    if (child.exitCode !== null) throw new Error("the backup ended before it could be killed");
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  child.kill("SIGKILL");
  const [, signal] = await exited;
  expect(signal).toBe("SIGKILL");
}

describe("a start-up backup killed half-way (kill -9)", () => {
  it("leaves no backup under a final name; after damage, Restore puts back the newest whole one and sweeps the rest", async () => {
    const dir = tempDir("web-");
    await useData(dir, 64);
    const whole = backupsOf(dir, "database").map((backup) => backup.path);

    await killDuringBackup(dir);
    expect(leftovers(dir)).not.toEqual([]);
    expect(backupsOf(dir, "database").map((backup) => backup.path)).toEqual(whole);

    truncateSync(database(dir), 4096);
    const host = await hostOn(dir);
    expect(host.problems).toMatchObject([{ kind: "database", problem: "corrupt", backup: { path: whole[0] } }]);
    expect(leftovers(dir)).toEqual([]);
    expect((await choose(host, "restore")).status).toBe(303);
    await expectWorkingApp(host, ["Kept conversation"]);
  });

  it("a partial backup an older version left under its final name (and its journal) is never offered", async () => {
    const dir = tempDir("web-");
    await useData(dir);
    const [whole] = backupsOf(dir, "database");
    // A later start's backup, killed: a copy of half the pages, its journal beside it; and a temporary copy.
    const later = (minutes: number) => stampOf(new Date(Date.parse(whole!.takenAt) + minutes * 60_000));
    const partial = join(backupsDir(dir), `modeldesk-${later(1)}.sqlite`);
    copyFileSync(whole!.path, partial);
    truncateSync(partial, Math.floor(statSync(partial).size / 2));
    writeFileSync(`${partial}-journal`, Buffer.alloc(4096, 7));
    const temporary = join(backupsDir(dir), `modeldesk-${later(2)}.partial`);
    copyFileSync(partial, temporary);
    writeFileSync(`${temporary}-journal`, Buffer.alloc(4096, 7));
    truncateSync(database(dir), 4096);

    const host = await hostOn(dir);
    expect(host.problems).toMatchObject([{ kind: "database", problem: "corrupt", backup: { path: whole!.path } }]);
    const page = await pageOf(host);
    expect(page).toContain(
      `the latest backup that passes the check is ${basename(whole!.path)}, taken ${whole!.takenAt}`,
    );
    expect(page).not.toContain(basename(partial));
    expect(leftovers(dir)).toEqual([]);

    expect((await choose(host, "restore")).status).toBe(303);
    await expectWorkingApp(host, ["Kept conversation"]);
    expect(readdirSync(backupsDir(dir))).not.toContain(basename(partial));
  });
});
