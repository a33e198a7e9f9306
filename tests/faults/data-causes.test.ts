import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningWebHost } from "../../electron/web-host/web-host.ts";
import { startServices } from "../support/services-fixture.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../support/local-gateway.ts";
import { CAN_MAKE_READ_ONLY, CAN_MOUNT, dataPlace, type DataPlace } from "./data-places.ts";
import { choose, closeHost, expectWorkingApp, hostOn, pageOf, setAside } from "./recovery-host.ts";

let gateway: TestGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.close());

const database = (dir: string) => join(dir, "modeldesk.sqlite");
const settings = (dir: string) => join(dir, "settings.json");

/** A data folder in use: a conversation, the profile and its key, and backups from two starts. */
async function useData(dir: string): Promise<void> {
  for (let start = 0; start < 2; start++) {
    const services = await startServices(gateway.url, KEYS.main.key, dir);
    if (start === 0) services.conversations.create(services.chat.defaultSettings(), "Kept conversation");
    await services.close();
  }
}

/** What a place that is not damaged must get: its cause named, no Start fresh, nothing set aside, Try again. */
async function expectTryAgainOnly(host: RunningWebHost, dir: string, cause: string) {
  const page = await pageOf(host);
  expect(page).toContain(cause);
  expect(page).toContain("Try again");
  expect(page).not.toContain("Start fresh");
  expect(page).not.toMatch(/<li>[^<]*is damaged/);
  expect((await choose(host, "fresh")).status).toBe(400);
  expect(setAside(dir)).toEqual([]);
}

describe("a place that is not damaged is named for what it is", () => {
  const places: DataPlace[] = [];
  afterAll(() => places.forEach((place) => place.close()));
  const usedPlace = async () => {
    const place = dataPlace();
    places.push(place);
    await useData(place.dir);
    return place;
  };

  it.skipIf(!CAN_MAKE_READ_ONLY)(
    "a read-only data folder: named read-only, Start fresh not offered; Try again opens the app once it is writable",
    async () => {
      const place = await usedPlace();
      place.readOnly();
      const host = await hostOn(place.dir);
      expect(host.problems).toMatchObject([{ kind: "folder", problem: "read-only", path: place.dir }]);
      await expectTryAgainOnly(host, place.dir, `${place.dir} is read-only`);

      place.writable();
      expect((await choose(host, "retry")).status).toBe(303);
      await expectWorkingApp(host, ["Kept conversation"]);
    },
  );

  it.skipIf(!CAN_MOUNT)(
    "a full disk: named full, Start fresh not offered; Try again opens the app once there is room",
    async () => {
      const place = await usedPlace();
      place.fill();
      const host = await hostOn(place.dir);
      expect(host.problems).toMatchObject([{ problem: "disk-full" }]);
      await expectTryAgainOnly(host, place.dir, `The disk holding ${place.dir} is full`);

      place.free();
      expect((await choose(host, "retry")).status).toBe(303);
      await expectWorkingApp(host, ["Kept conversation"]);
    },
  );
});

describe("a database another process holds locked at start", () => {
  let holder: ChildProcess;
  afterAll(() => holder.kill());

  it("is named locked by that process, never set aside, and opens once it is let go", async () => {
    const dir = tempDir("web-");
    await useData(dir);
    holder = spawn(
      process.execPath,
      [
        "-e",
        `const { DatabaseSync } = require("node:sqlite");
         new DatabaseSync(process.argv[1]).exec("BEGIN EXCLUSIVE");
         console.log("holding");
         setInterval(() => {}, 60_000);`,
        database(dir),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    await once(holder.stdout!, "data");
    const host = await hostOn(dir);
    expect(host.problems).toMatchObject([{ kind: "database", problem: "locked", holder: holder.pid }]);
    await expectTryAgainOnly(host, dir, `${database(dir)} is locked by process ${holder.pid}`);

    holder.kill();
    await once(holder, "exit");
    expect((await choose(host, "retry")).status).toBe(303);
    await expectWorkingApp(host, ["Kept conversation"]);
  });
});

describe("Start fresh after damage", () => {
  /** Each harm, the problem the host names for it, and the damaged file it sets aside (none for a missing one). */
  const DAMAGE = {
    "a damaged database": {
      harm: (dir: string) => truncateSync(database(dir), 1000),
      problem: { kind: "database", problem: "corrupt" },
      setAside: /^modeldesk\.sqlite\.damaged-\d{8}T\d{9}Z$/,
    },
    "a deleted database": {
      harm: (dir: string) => rmSync(database(dir)),
      problem: { kind: "database", problem: "missing" },
      setAside: null,
    },
    "deleted settings": {
      harm: (dir: string) => rmSync(settings(dir)),
      problem: { kind: "settings", problem: "missing" },
      setAside: null,
    },
    "garbled settings": {
      harm: (dir: string) => writeFileSync(settings(dir), "{not json"),
      problem: { kind: "settings", problem: "corrupt" },
      setAside: /^settings\.json\.damaged-\d{8}T\d{9}Z$/,
    },
  };

  for (const [name, damage] of Object.entries(DAMAGE)) {
    it(`${name}: leads to a working app, the damaged file kept and named`, async () => {
      const dir = tempDir("web-");
      await useData(dir);
      damage.harm(dir);
      const host = await hostOn(dir);
      expect(host.problems).toMatchObject([damage.problem]);
      expect(await pageOf(host)).toContain("Start fresh");

      const answer = await choose(host, "fresh");
      expect(answer.status).toBe(303);
      const page = await fetch(new URL(answer.headers.get("location")!, host.url)).then((reply) => reply.text());
      expect(page).toContain("ModelDesk app");
      const fresh = damage.problem.kind === "database" ? [] : ["Kept conversation"];
      await expectWorkingApp(host, fresh);
      expect(setAside(dir)).toEqual(damage.setAside ? [expect.stringMatching(damage.setAside)] : []);
      await closeHost(host);
      // And the next start opens the app, without asking again.
      expect((await hostOn(dir)).problems).toEqual([]);
    });
  }
});

describe("settings that parse but have the wrong shape", () => {
  it("are named, kept byte for byte, and the profile and its key come back from the backup", async () => {
    const dir = tempDir("web-");
    await useData(dir);
    const wrongShape = JSON.stringify({ ...JSON.parse(readFileSync(settings(dir), "utf8")), profiles: { id: "x" } });
    writeFileSync(settings(dir), wrongShape);
    const host = await hostOn(dir);
    expect(host.problems).toMatchObject([{ kind: "settings", problem: "invalid" }]);
    const page = await pageOf(host);
    expect(page).toContain(`${settings(dir)} is damaged: it does not have the shape the app wrote (profiles:`);
    expect(readFileSync(settings(dir), "utf8")).toBe(wrongShape);

    expect((await choose(host, "restore")).status).toBe(303);
    const [kept] = setAside(dir);
    expect(readFileSync(join(dir, kept!), "utf8")).toBe(wrongShape);
    const profile = host.services.vault.state().profiles.find((view) => view.baseUrl === gateway.url);
    expect(profile).toMatchObject({ hasKey: true });
  });

  it("edited so while the app runs: refused, and the file is left as it is", async () => {
    const dir = tempDir("web-");
    const services = await startServices(gateway.url, KEYS.main.key, dir);
    try {
      const wrongShape = JSON.stringify({ profiles: "none" });
      writeFileSync(settings(dir), wrongShape);
      expect(() => services.vault.state()).toThrow(expect.objectContaining({ code: "SETTINGS_INVALID" }));
      expect(() =>
        services.vault.save({ name: "New", baseUrl: "https://gateway.example", auth: "bearer", key: "sk-new-key-123" }),
      ).toThrow(expect.objectContaining({ code: "SETTINGS_INVALID" }));
      expect(readFileSync(settings(dir), "utf8")).toBe(wrongShape);
    } finally {
      await services.close();
    }
  });
});
