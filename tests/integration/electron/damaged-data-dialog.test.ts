import { spawn } from "node:child_process";
import { once } from "node:events";
import { closeSync, openSync, readdirSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkDataFiles } from "../../../electron/services/store/data-files.ts";
import { startServices } from "../../support/services-fixture.ts";
import { electronRecording } from "../../support/electron-stand-in/recording.ts";
import { registerElectronStandIn } from "../../support/electron-stand-in/register-electron-stand-in.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../../support/local-gateway.ts";

let gateway: TestGateway;
let recoverDamagedData: (dataDir: string, thorough?: boolean) => boolean;
beforeAll(async () => {
  registerElectronStandIn();
  ({ recoverDamagedData } = await import("../../../electron/app/damaged-data-dialog.ts"));
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

const recording = electronRecording();
const asked = () => recording.messageBoxes.splice(0);

async function usedDataDir(): Promise<string> {
  const dir = tempDir("app-");
  for (let start = 0; start < 2; start++) await (await startServices(gateway.url, KEYS.main.key, dir)).close();
  return dir;
}

describe("the app's dialog about data that cannot open", () => {
  test("a database another process holds: names the process, offers Try again and Quit only, sets nothing aside", async () => {
    const dir = await usedDataDir();
    const holder = spawn(
      process.execPath,
      [
        "-e",
        'new (require("node:sqlite").DatabaseSync)(process.argv[1]).exec("BEGIN EXCLUSIVE"); console.log("holding"); setInterval(() => {}, 60_000);',
        join(dir, "modeldesk.sqlite"),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await once(holder.stdout!, "data");
      recording.messageBoxAnswers.push(0, 1); // Try again while it still holds, then Quit.
      expect(recoverDamagedData(dir)).toBe(false);
      const [first, second] = asked();
      expect(first).toMatchObject({ message: "ModelDesk cannot open its data", buttons: ["Try again", "Quit"] });
      expect(first!.detail).toContain(`is locked by process ${holder.pid}`);
      expect(second).toMatchObject({ buttons: ["Try again", "Quit"] });
      expect(readdirSync(dir).filter((name) => name.includes(".damaged-"))).toEqual([]);
    } finally {
      holder.kill();
      await once(holder, "exit");
    }
    recording.messageBoxAnswers.push(0);
    expect(recoverDamagedData(dir)).toBe(true);
    expect(asked()).toEqual([]);
  });

  test("damaged settings: Start fresh opens the app, names where the damaged file is kept, and does not ask again", async () => {
    const dir = await usedDataDir();
    writeFileSync(join(dir, "settings.json"), JSON.stringify({ profiles: {} }));
    recording.messageBoxAnswers.push(1, 0); // Start fresh, then OK.
    expect(recoverDamagedData(dir)).toBe(true);
    const [question, kept] = asked();
    expect(question).toMatchObject({
      message: "ModelDesk cannot open its data safely",
      buttons: ["Restore the latest backup", "Start fresh", "Quit"],
    });
    expect(question!.detail).toContain("does not have the shape the app wrote (profiles:");
    expect(kept).toMatchObject({ message: "Your damaged data is kept" });
    expect(kept!.detail).toMatch(/settings\.json\.damaged-\d{8}T\d{9}Z$/);
    expect(checkDataFiles(dir)).toEqual([]);
  });

  test("damage only the check after the start finds: the same dialog names it; Restore opens the app on the backup", async () => {
    const dir = await usedDataDir();
    const file = join(dir, "modeldesk.sqlite");
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, Math.floor(statSync(file).size / 2 / 4096) * 4096);
    closeSync(fd);
    // The start reads the header, schema and counters only: the app opens, and its upkeep finds the damage.
    expect(recoverDamagedData(dir)).toBe(true);
    expect(asked()).toEqual([]);

    recording.messageBoxAnswers.push(0, 0); // Restore the latest backup, then OK.
    expect(recoverDamagedData(dir, true)).toBe(true);
    const [question, kept] = asked();
    expect(question).toMatchObject({
      message: "ModelDesk cannot open its data safely",
      buttons: ["Restore the latest backup", "Start fresh", "Quit"],
    });
    expect(question!.detail).toContain(`${file} is damaged (`);
    expect(kept).toMatchObject({ message: "Your damaged data is kept" });
    expect(checkDataFiles(dir, true)).toEqual([]);
  });
});
