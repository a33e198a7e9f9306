import { copyFileSync, cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../electron/services/app-services.ts";
import { checkDataFiles } from "../../electron/services/store/data-files.ts";
import { CHECKPOINT_EVERY_MS } from "../../electron/services/store/idle-checkpoints.ts";
import { startServices } from "../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../support/local-gateway.ts";
import { choose, closeHost, expectWorkingApp, hostOn, pageOf } from "./recovery-host.ts";

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

const database = (dir: string) => join(dir, "modeldesk.sqlite");

/** A conversation with a question and its answer, and a paid image task (submitted), through the app's own stores. */
async function writeData(services: AppServices): Promise<void> {
  const { id } = services.conversations.create(services.chat.defaultSettings(), "Kept conversation");
  for (const [role, content] of [
    ["user", "A question"],
    ["assistant", "An answer"],
  ] as const) {
    services.conversations.appendMessage({ conversationId: id, role, content, status: "complete" });
  }
  const image = { model: "image-pro", prompt: "a paid picture", n: 1, size: "96x64", responseFormat: "url" } as const;
  const task = await services.tasks.generateImage(services.vault.resolveId(), { ...image, async: false });
  expect(task.status).not.toBe("failed");
}

const WRITTEN = {
  conversations: ["Kept conversation"],
  messages: ["A question", "An answer"],
  tasks: ["a paid picture"],
};

/** What the data holds, as the user sees it. */
function holdings(services: AppServices): typeof WRITTEN {
  const conversations = services.conversations.list();
  return {
    conversations: conversations.flatMap((conversation) => conversation.title ?? []),
    messages: conversations.flatMap((conversation) =>
      services.conversations.messages(conversation.id).flatMap((message) => message.content ?? []),
    ),
    tasks: services.tasks.list(services.vault.resolveId()).flatMap((task) => task.prompt ?? []),
  };
}

/** Starts and closes the app on `dir` as often as `writes` has steps, each step writing through the running app. */
async function runApp(dir: string, ...writes: ((services: AppServices) => Promise<void> | void)[]): Promise<void> {
  for (const write of writes) {
    const services = await startServices(gateway.url, KEYS.main.key, dir);
    await write(services);
    await services.close();
  }
}

const nothing = () => undefined;

/** A main database file as SQLite writes it in WAL mode before anything reaches it: no schema, no data. */
function writeBlankDatabase(path: string): void {
  rmSync(path, { force: true });
  const blank = new DatabaseSync(path);
  blank.exec("PRAGMA journal_mode = WAL");
  blank.close();
}

describe("the -wal file lost (deleted by a sync tool, or left out of a folder backup), then kill -9", () => {
  it("what the app writes reaches the main file within moments, so a copy of the folder without the -wal holds it", async () => {
    const dir = tempDir("app-");
    const services = await startServices(gateway.url, KEYS.main.key, dir);
    try {
      await writeData(services);
      await sleep(CHECKPOINT_EVERY_MS * 2);
      // The folder as it is after the -wal went and the app was killed: it never closed its database.
      const copy = tempDir("copy-");
      cpSync(dir, copy, { recursive: true, filter: (source) => !/-(wal|shm)$/.test(source) });
      expect(checkDataFiles(copy)).toEqual([]);
      expect(holdings((await hostOn(copy)).services)).toEqual(WRITTEN);
    } finally {
      await services.close();
    }
  });

  it("a main file without the app's schema, though backups exist, is named damaged and Restore brings the data back", async () => {
    const dir = tempDir("app-");
    await runApp(dir, writeData, nothing);
    // What the app left before it checkpointed: everything it wrote was in the -wal, now gone.
    writeBlankDatabase(database(dir));

    const host = await hostOn(dir);
    expect(host.problems).toMatchObject([{ kind: "database", problem: "blank", backup: expect.anything() }]);
    const page = await pageOf(host);
    expect(page).toContain(`${database(dir)} is damaged: it holds none of the app&#39;s data`);
    expect(page).toContain("Restore the latest backup");
    expect((await choose(host, "restore")).status).toBe(303);
    expect(holdings(host.services)).toEqual(WRITTEN);
    await closeHost(host);
    expect((await hostOn(dir)).problems).toEqual([]);
  });

  it("a main file with fewer records written than its newest backup had is named damaged; Restore brings them back", async () => {
    const dir = tempDir("app-");
    await runApp(dir, (services) => void services.conversations.create(services.chat.defaultSettings(), "Older"));
    const older = join(tempDir("older-"), "modeldesk.sqlite");
    copyFileSync(database(dir), older);
    await runApp(dir, writeData, nothing);
    // The main file as it was before the writes that only the -wal (and the newest backup) held.
    copyFileSync(older, database(dir));

    const host = await hostOn(dir);
    expect(host.problems).toMatchObject([{ kind: "database", problem: "behind", backup: expect.anything() }]);
    expect(await pageOf(host)).toContain(`${database(dir)} is damaged: it holds less than its backup (`);
    expect((await choose(host, "restore")).status).toBe(303);
    expect(holdings(host.services)).toEqual({ ...WRITTEN, conversations: ["Kept conversation", "Older"] });
  });

  it("Start fresh on a main file that lost its data opens the app, and the next start does not ask again", async () => {
    const dir = tempDir("app-");
    await runApp(dir, writeData, nothing);
    writeBlankDatabase(database(dir));
    const host = await hostOn(dir);
    expect((await choose(host, "fresh")).status).toBe(303);
    await expectWorkingApp(host, []);
    await closeHost(host);
    expect((await hostOn(dir)).problems).toEqual([]);
  });

  it("deleting messages and conversations is not taken for lost data", async () => {
    const dir = tempDir("app-");
    await runApp(
      dir,
      writeData,
      (services) => {
        const [conversation] = services.conversations.list();
        const [, answer] = services.conversations.messages(conversation!.id);
        services.conversations.edits.deleteMessage(conversation!.id, answer!.id);
        services.conversations.softDelete(conversation!.id);
        // Deleted a day ago: the next start purges it, with its messages.
        services.db.prepare("UPDATE conversations SET deleted_at = 1").run();
      },
      nothing,
    );
    expect(checkDataFiles(dir)).toEqual([]);
  });

  it("a new install still starts fresh: an empty folder, or a first start killed before anything reached the main file", async () => {
    expect(checkDataFiles(tempDir("new-"))).toEqual([]);
    const killedFirstStart = tempDir("new-");
    writeBlankDatabase(database(killedFirstStart));
    expect(checkDataFiles(killedFirstStart)).toEqual([]);
    await expectWorkingApp(await hostOn(killedFirstStart), []);
  });
});
