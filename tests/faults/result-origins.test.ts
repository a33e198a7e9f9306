import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDataFiles } from "../../electron/services/store/data-files.ts";
import { ProfileInputSchema } from "../../shared/ipc/profiles.ts";
import type { TaskView } from "../../shared/ipc/tasks.ts";
import { startFaultBench, type FaultBench } from "./fault-setup.ts";
import { rewriteBody } from "./faults.ts";

let bench: FaultBench;
beforeAll(async () => {
  bench = await startFaultBench({}, { timeScale: 0 });
});
afterAll(() => bench.close());

const IMAGE = {
  model: "image-fast",
  prompt: "a harbour",
  n: 1,
  size: "64x64",
  responseFormat: "url",
  async: false,
} as const;

/** One image whose result address the gateway gives as `elsewhere` instead of the profile's own origin. */
async function imageFrom(elsewhere: string): Promise<TaskView | { code: string; message: string }> {
  bench.proxy.when(
    { method: "POST", path: "/v1/images/generations" },
    rewriteBody((body) => body.replace(/http:\/\/127\.0\.0\.1:\d+\/files\//g, `${elsewhere}/files/`)),
    1,
  );
  const services = bench.services;
  return services.tasks
    .generateImage(services.vault.resolveId(), IMAGE)
    .catch((error: { code: string; message: string }) => error);
}

const profileInput = (resultOrigins: string[]) => {
  const profile = bench.services.vault.state().profiles.find((view) => view.id === bench.services.vault.resolveId())!;
  return { id: profile.id, name: profile.name, baseUrl: profile.baseUrl, auth: profile.auth, resultOrigins };
};

describe("results on another port or another machine of the profile's own gateway", () => {
  it("a result on another port of the profile's own host, over plain http, is kept", async () => {
    // The profile talks to the proxy (127.0.0.1:P); the files are served by the gateway on 127.0.0.1:G.
    const task = await imageFrom(bench.gateway.url);
    expect(task).toMatchObject({ status: "completed" });
    expect((task as TaskView).mediaIds).toHaveLength(1);
  });

  it("a result on another host is refused, then kept once its origin is in the profile's Result origins", async () => {
    const elsewhere = bench.gateway.url.replace("127.0.0.1", "localhost");
    const refused = await imageFrom(elsewhere);
    expect(refused).toMatchObject({ code: "DOWNLOAD_FAILED" });
    expect(refused).toMatchObject({ message: expect.stringMatching(/Result origins/) });

    bench.services.vault.save(ProfileInputSchema.parse(profileInput([`${elsewhere}/`])));
    expect(bench.services.vault.state().profiles.find((view) => view.baseUrl === bench.proxy.url)).toMatchObject({
      resultOrigins: [elsewhere],
    });
    expect(await imageFrom(elsewhere)).toMatchObject({ status: "completed" });
  });
});

describe("the Result origins setting", () => {
  it.each([
    "http://192.168.1.20:9000/files",
    "ftp://192.168.1.20",
    "192.168.1.20:9000",
    "http://user:pw@host",
    "https://host/?a",
  ])("refuses %s, naming the allowed form", (origin) => {
    const parsed = ProfileInputSchema.safeParse(profileInput([origin]));
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["resultOrigins", 0], message: "RESULT_ORIGIN_INVALID" });
  });

  it("keeps each origin as a browser writes it", () => {
    expect(
      ProfileInputSchema.parse(profileInput(["HTTP://NAS.local:80/", " https://cdn.example:8443 "])).resultOrigins,
    ).toEqual(["http://nas.local", "https://cdn.example:8443"]);
  });

  it("settings saved before the setting existed load, and their profiles trust no other origin", () => {
    const file = join(bench.dataDir, "settings.json");
    const settings = JSON.parse(readFileSync(file, "utf8")) as { profiles: Record<string, unknown>[] };
    for (const profile of settings.profiles) delete profile.resultOrigins;
    writeFileSync(file, JSON.stringify(settings));
    expect(checkDataFiles(bench.dataDir)).toEqual([]);
    expect(bench.services.vault.state().profiles.map((view) => view.resultOrigins)).toEqual(
      settings.profiles.map(() => []),
    );
  });
});
