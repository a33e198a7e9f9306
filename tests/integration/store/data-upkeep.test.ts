import { closeSync, openSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "../../../electron/services/app-services.ts";
import { backupsOf } from "../../../electron/services/store/data-backups.ts";
import { BACKGROUND_INDEXES } from "../../../electron/services/store/migrations/background-indexes.ts";
import type { DataUpkeepState } from "../../../shared/ipc/data-upkeep.ts";
import { migrate } from "../../../electron/common/sqlite-migrations.ts";
import { ConversationStore } from "../../../electron/services/chat/conversation-store.ts";
import { searchBacklogBelow } from "../../../electron/services/chat/message-search-backfill.ts";
import { APP_MIGRATIONS } from "../../../electron/services/store/app-database.ts";
import { DEFAULT_CHAT_SETTINGS } from "../../../shared/ipc/chat.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, waitUntil, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

const database = (dataDir: string) => join(dataDir, "modeldesk.sqlite");
const INDEX_NAMES = BACKGROUND_INDEXES.map((index) => index.name);
const SEARCH_STEP = APP_MIGRATIONS.findIndex((step) => step.includes("CREATE VIRTUAL TABLE message_search"));

/** A data directory in use: a conversation and a hundred ledger rows, and backups from two starts. */
async function usedDataDir(): Promise<string> {
  const dataDir = tempDir("upkeep-");
  const first = await startServices(gateway.url, KEYS.main.key, dataDir);
  first.conversations.create({ ...first.chat.defaultSettings() }, "Kept conversation");
  const row = first.db.prepare(
    "INSERT INTO request_log (profile_id, started_at, method, path, status, duration_ms, kind) VALUES (?, ?, 'GET', '/v1/balance', 200, 1, 'balance')",
  );
  for (let index = 0; index < 100; index++) row.run(first.vault.resolveId(), Date.now() - index);
  await first.close();
  await (await startServices(gateway.url, KEYS.main.key, dataDir)).close();
  return dataDir;
}

/** Services started on `dataDir`, with what their upkeep says and finds from the moment the start resolves. */
async function startWatched(dataDir: string) {
  const services = await startServices(gateway.url, KEYS.main.key, dataDir);
  const atStart = services.upkeep.state();
  const said: DataUpkeepState[] = [];
  let damaged = 0;
  services.subscribe({ dataUpkeepChanged: (state) => said.push(state), dataDamaged: () => damaged++ });
  return { services, atStart, said, damaged: () => damaged };
}

const indexesOf = (services: AppServices) =>
  services.db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index'")
    .all()
    .map((row) => row.name);

describe("the data's upkeep after the start", () => {
  it("reads the database whole once the services are ready, then backs it up", async () => {
    const dataDir = await usedDataDir();
    const before = backupsOf(dataDir, "database");
    const { services, atStart, said, damaged } = await startWatched(dataDir);
    try {
      // The start did not wait for the check: it begins a few seconds after the services are ready.
      expect(atStart).toEqual({ work: null, damaged: false });
      expect(backupsOf(dataDir, "database")).toEqual(before);
      await services.upkeep.done;
      expect(said.map((state) => state.work)).toEqual(["checking", "backingUp", null]);
      expect(damaged()).toBe(0);
      const [newest] = backupsOf(dataDir, "database");
      expect(before.map((backup) => backup.path)).not.toContain(newest!.path);
      expect(newest!.recordsWritten).toBeGreaterThanOrEqual(100);
    } finally {
      await services.close();
    }
  });

  it("then says the messages written before the search index while they are indexed, and nothing once done", async () => {
    const dataDir = tempDir("upkeep-");
    const old = new DatabaseSync(database(dataDir));
    migrate(old, APP_MIGRATIONS.slice(0, SEARCH_STEP));
    const store = new ConversationStore(old);
    const { id } = store.create(DEFAULT_CHAT_SETTINGS, "Written before search");
    for (let index = 0; index < 300; index++) {
      const role = index % 2 === 0 ? "user" : "assistant";
      store.appendMessage({ conversationId: id, role, content: `tides ${index}`, status: "complete" });
    }
    old.close();
    const { services, said } = await startWatched(dataDir);
    try {
      await services.upkeep.finish();
      const works = await waitUntil(
        async () => said.map((state) => state.work),
        (list) => list.includes("indexingSearch") && list.at(-1) === null,
      );
      // The indexes the old file lacked are built first, on the upkeep's thread.
      expect(works).toEqual(["checking", "backingUp", "indexing", null, "indexingSearch", null]);
      expect(searchBacklogBelow(services.db)).toBeNull();
      expect(services.upkeep.state()).toEqual({ work: null, damaged: false });
    } finally {
      await services.close();
    }
  });

  it("finds garbage in the middle of the database, which the start's check cannot see, and backs nothing up", async () => {
    const dataDir = await usedDataDir();
    const file = database(dataDir);
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, Math.floor(statSync(file).size / 2 / 4096) * 4096);
    closeSync(fd);
    const before = backupsOf(dataDir, "database");
    const { services, said, damaged } = await startWatched(dataDir);
    try {
      await services.upkeep.done;
      expect(said.map((state) => state.work)).toEqual(["checking", null]);
      expect(damaged()).toBe(1);
      expect(backupsOf(dataDir, "database")).toEqual(before);
    } finally {
      await services.close();
    }
  });

  it("builds the indexes an upgrade left out after the start, which opened without them", async () => {
    const dataDir = await usedDataDir();
    const upgraded = new DatabaseSync(database(dataDir));
    for (const name of INDEX_NAMES) upgraded.exec(`DROP INDEX ${name}`);
    upgraded.close();
    const { services, said } = await startWatched(dataDir);
    try {
      expect(indexesOf(services)).not.toEqual(expect.arrayContaining(INDEX_NAMES));
      await services.upkeep.done;
      expect(said.map((state) => state.work)).toEqual(["checking", "backingUp", "indexing", null]);
      expect(indexesOf(services)).toEqual(expect.arrayContaining(INDEX_NAMES));
      expect(services.conversations.list().map((item) => item.title)).toEqual(["Kept conversation"]);
    } finally {
      await services.close();
    }
  });

  it("runs at once when the app closes before it began, so every start still leaves its backup", async () => {
    const dataDir = await usedDataDir();
    const before = backupsOf(dataDir, "database");
    const { services, said } = await startWatched(dataDir);
    await services.close();
    expect(said.map((state) => state.work)).toEqual(["checking", "backingUp", null]);
    expect(backupsOf(dataDir, "database")[0]!.path).not.toBe(before[0]!.path);
  });
});
