import { existsSync, openSync, readdirSync, rmSync, truncateSync, writeFileSync, writeSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDataFiles, restoreLatestBackup, startFresh } from "../../../electron/services/store/data-files.ts";
import { backupsOf } from "../../../electron/services/store/data-backups.ts";
import { startServices } from "../../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../../support/local-gateway.ts";
import { GALLERY_PAGE_MAX } from "../../../shared/ipc/gallery.ts";

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

/** A data directory in use: a conversation, a profile, and backups from two starts. */
async function usedDataDir(): Promise<string> {
  const dataDir = tempDir("app-");
  const first = await startServices(gateway.url, KEYS.main.key, dataDir);
  first.conversations.create({ ...first.chat.defaultSettings() }, "Kept conversation");
  await first.close();
  const second = await startServices(gateway.url, KEYS.main.key, dataDir);
  await second.close();
  return dataDir;
}

const database = (dataDir: string) => join(dataDir, "modeldesk.sqlite");
const settings = (dataDir: string) => join(dataDir, "settings.json");

function overwriteMiddle(file: string): void {
  const fd = openSync(file, "r+");
  const size = statSync(file).size;
  writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, Math.floor(size / 2 / 4096) * 4096);
}

const DAMAGE = {
  "an empty database": { kind: "database", problem: "empty", harm: (dir: string) => truncateSync(database(dir), 0) },
  "a deleted database": { kind: "database", problem: "missing", harm: (dir: string) => rmSync(database(dir)) },
  "a truncated database": {
    kind: "database",
    problem: "corrupt",
    harm: (dir: string) => truncateSync(database(dir), Math.floor(statSync(database(dir)).size / 3)),
  },
  // Only reading every page finds it: the start leaves that to the upkeep (tests below).
  "garbage in the middle of the database": {
    kind: "database",
    problem: "corrupt",
    harm: (dir: string) => overwriteMiddle(database(dir)),
    thorough: true,
  },
  "garbled settings": {
    kind: "settings",
    problem: "corrupt",
    harm: (dir: string) => writeFileSync(settings(dir), '{"profiles": [{"id": '),
  },
  "deleted settings": { kind: "settings", problem: "missing", harm: (dir: string) => rmSync(settings(dir)) },
} as const;

describe("damaged data files", () => {
  it("are backed up on every start, the newest three kept", async () => {
    const dataDir = await usedDataDir();
    for (let start = 0; start < 3; start++) await (await startServices(gateway.url, KEYS.main.key, dataDir)).close();
    expect(backupsOf(dataDir, "database")).toHaveLength(3);
    expect(backupsOf(dataDir, "settings")).toHaveLength(3);
    expect(checkDataFiles(dataDir)).toEqual([]);
  });

  for (const [name, damage] of Object.entries(DAMAGE)) {
    const { kind, problem, harm } = damage;
    const thorough = "thorough" in damage;
    it(`${name}: named, then restored from the latest backup with nothing lost`, async () => {
      const dataDir = await usedDataDir();
      harm(dataDir);
      if (thorough) expect(checkDataFiles(dataDir)).toEqual([]);
      const [damaged, ...others] = checkDataFiles(dataDir, thorough);
      expect(others).toEqual([]);
      expect(damaged).toMatchObject({
        kind,
        problem,
        path: kind === "database" ? database(dataDir) : settings(dataDir),
      });
      expect(damaged!.backup).not.toBeNull();

      restoreLatestBackup(damaged!);
      expect(checkDataFiles(dataDir)).toEqual([]);
      const keptAside = readdirSync(dataDir).filter(
        (file) => file.startsWith(`${basename(damaged!.path)}.damaged-`) && !/-(wal|shm)$/.test(file),
      );
      // A damaged file is kept aside for the user; a missing one leaves nothing to keep.
      expect(keptAside).toHaveLength(problem === "missing" ? 0 : 1);
      const services = await startServices(gateway.url, KEYS.main.key, dataDir);
      try {
        expect(services.conversations.list().map((item) => item.title)).toContain("Kept conversation");
        expect(services.vault.state().profiles).toHaveLength(1);
      } finally {
        await services.close();
      }
    });
  }

  it("start fresh keeps the damaged file aside and puts a fresh one in its place", async () => {
    const dataDir = await usedDataDir();
    overwriteMiddle(database(dataDir));
    const [damaged] = checkDataFiles(dataDir, true);
    const { setAsideAs } = startFresh(damaged!);
    expect(existsSync(setAsideAs!)).toBe(true);
    expect(checkDataFiles(dataDir)).toEqual([]);
    const services = await startServices(gateway.url, KEYS.main.key, dataDir);
    expect(services.conversations.list()).toEqual([]);
    await services.close();
  });
});

describe("media files", () => {
  it("come back to the gallery from their sidecars when the database starts fresh", async () => {
    const dataDir = tempDir("app-");
    const first = await startServices(gateway.url, KEYS.main.key, dataDir);
    const profileId = first.vault.activeId()!;
    const saved = first.media.save({
      taskId: null,
      profileId,
      kind: "image",
      bytes: new Uint8Array([1, 2, 3]),
      mime: "image/png",
      prompt: "a kept picture",
      model: "image-fast",
      size: "64x64",
      duration: null,
      remoteUrl: null,
      requestId: "req_kept",
    });
    await first.close();
    rmSync(database(dataDir));
    const second = await startServices(gateway.url, KEYS.main.key, dataDir);
    try {
      expect(second.media.page(profileId, "image", null, GALLERY_PAGE_MAX).items).toEqual([
        expect.objectContaining({ id: saved.id, prompt: "a kept picture", requestId: "req_kept" }),
      ]);
    } finally {
      await second.close();
    }
  });
});
