import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMainCore, type MainCore } from "../../electron/ipc/main-core.ts";
import { startAppServices } from "../../electron/composition/start-app-services.ts";
import type { AppServices } from "../../electron/services/app-services.ts";
import { BUILT_IN_PROFILE_ID } from "../../electron/services/vault/profile-vault.ts";
import type { ProfileAuth, ProfileView } from "../../shared/ipc/profiles.ts";
import type { Result } from "../../shared/ipc/result.ts";
import { startServices, webHostEnvironment } from "../support/services-fixture.ts";
import { recordingPage } from "../support/fake-page.ts";
import { KEYS, startTestGateway, tempDir, type TestGateway } from "../support/local-gateway.ts";
import { startRecordingServer, type RecordingServer } from "../support/recording-server.ts";

let gateway: TestGateway;
let attacker: RecordingServer;
let services: AppServices;
let core: MainCore;
const { page } = recordingPage();
const servers: RecordingServer[] = [];

beforeAll(async () => {
  gateway = await startTestGateway();
  attacker = await startRecordingServer();
  services = await startServices(gateway.url, KEYS.main.key);
  core = createMainCore(services);
});
afterEach(() => Promise.all(servers.splice(0).map((server) => server.close())));
afterAll(async () => {
  await services.close();
  await gateway.close();
  await attacker.close();
});

const call = <T>(channel: string, payload?: unknown) => core.route(channel, payload, page) as Promise<Result<T>>;

async function savedProfile(baseUrl: string, auth: ProfileAuth = "bearer", key = KEYS.main.key): Promise<ProfileView> {
  const result = await call<ProfileView>("profiles.save", { name: `At ${baseUrl} ${auth}`, baseUrl, auth, key });
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

/** What whoever drives `window.api` can do: save the profile again with other settings and no key. */
async function repoint(profile: ProfileView, baseUrl: string, auth: ProfileAuth = profile.auth) {
  return call<ProfileView>("profiles.save", { id: profile.id, name: profile.name, baseUrl, auth });
}

const budgetOf = (profileId: string) => call("budget.get", { profileId });

describe("a stored key goes only where it was saved for", () => {
  it("re-pointing a profile at another origin drops its key; the next call sends nothing there", async () => {
    const profile = await savedProfile(gateway.url);
    expect(await budgetOf(profile.id)).toMatchObject({ ok: true });
    const repointed = await repoint(profile, attacker.url);
    expect(repointed).toMatchObject({ ok: true, data: { hasKey: false, keyHint: null } });
    expect(await budgetOf(profile.id)).toMatchObject({ ok: false, error: { code: "KEY_MISSING" } });
    await call("chat.send", { profileId: profile.id, conversationId: "x", text: "hi" });
    expect(attacker.credentialed()).toEqual([]);
    expect(JSON.stringify(attacker.requests)).not.toContain(KEYS.main.key);
  });

  it("moving the profile back to its old origin does not bring the key back", async () => {
    const profile = await savedProfile(gateway.url);
    await repoint(profile, attacker.url);
    expect(await repoint(profile, gateway.url)).toMatchObject({ ok: true, data: { hasKey: false } });
    expect(await budgetOf(profile.id)).toMatchObject({ ok: false, error: { code: "KEY_MISSING" } });
  });

  it("switching the auth mode drops the key (x-api-key survives redirects that Authorization does not)", async () => {
    const profile = await savedProfile(gateway.url, "bearer");
    expect(await repoint(profile, gateway.url, "x-api-key")).toMatchObject({ ok: true, data: { hasKey: false } });
    expect(await budgetOf(profile.id)).toMatchObject({ ok: false, error: { code: "KEY_MISSING" } });
  });

  it("another path on the same origin keeps the key", async () => {
    const profile = await savedProfile(gateway.url);
    expect(await repoint(profile, `${gateway.url}/v1`)).toMatchObject({ ok: true, data: { hasKey: true } });
    expect(await budgetOf(profile.id)).toMatchObject({ ok: true });
  });

  it("the built-in profile cannot be re-pointed with its key either, and gets it back on the next start", async () => {
    const dataDir = tempDir("app-");
    const local = await startAppServices(webHostEnvironment(dataDir), { localGatewayConfig: { timeScale: 0 } });
    const localCall = (channel: string, payload?: unknown) => createMainCore(local).route(channel, payload, page);
    const builtIn = local.vault.state().profiles.find((profile) => profile.id === BUILT_IN_PROFILE_ID)!;
    await localCall("profiles.save", { id: builtIn.id, name: builtIn.name, baseUrl: attacker.url, auth: "bearer" });
    expect(await localCall("budget.get", { profileId: builtIn.id })).toMatchObject({ ok: false });
    await local.close();
    expect(attacker.credentialed()).toEqual([]);
    const restarted = await startAppServices(webHostEnvironment(dataDir), { localGatewayConfig: { timeScale: 0 } });
    expect(await restarted.budget.snapshot(BUILT_IN_PROFILE_ID)).toMatchObject({ balance: { api_key: {} } });
    await restarted.close();
  });

  it.each<ProfileAuth>(["bearer", "x-api-key"])("a redirect is not followed with the key (%s)", async (auth) => {
    const redirector = await startRecordingServer(attacker.url);
    servers.push(redirector);
    const profile = await savedProfile(redirector.url, auth);
    const answer = await budgetOf(profile.id);
    expect(answer).toMatchObject({ ok: false, error: { code: "REDIRECT_REFUSED" } });
    expect(answer.ok ? "" : answer.error.message).toContain("redirect");
    expect(attacker.credentialed()).toEqual([]);
  });
});

describe("plain http to another machine", () => {
  it("is refused unless the user confirmed it; loopback needs no confirmation", async () => {
    const lan = { name: "LAN", baseUrl: "http://10.1.2.3:8080", auth: "bearer", key: "sk-lan-key-00000001" };
    const refused = await call("profiles.save", lan);
    expect(refused).toMatchObject({ ok: false, error: { code: "INVALID_PAYLOAD" } });
    expect(refused.ok ? "" : refused.error.message).toContain("plain http");
    const confirmed = await call<ProfileView>("profiles.save", { ...lan, allowInsecureHttp: true });
    expect(confirmed).toMatchObject({ ok: true, data: { allowInsecureHttp: true } });
    expect(await savedProfile("http://localhost:9")).toMatchObject({ allowInsecureHttp: false });
  });
});

describe("the key hint", () => {
  it("shows at most the last two characters, and nothing for a short key", async () => {
    expect((await savedProfile(gateway.url, "bearer", "sk-0123456789abcdef")).keyHint).toBe("…ef");
    expect((await savedProfile(gateway.url, "bearer", "sk-short-key-01")).keyHint).toBeNull();
  });
});
