import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bridgeStatus,
  rawRequest,
  startHostFixture,
  stillServes,
  upgradeHeaders,
  type HostFixture,
} from "./web-host-fixture.ts";

let fixture: HostFixture;
beforeAll(async () => {
  fixture = await startHostFixture();
});
afterAll(() => fixture.close());

/** Other names for this host: what a DNS-rebinding page or a page on another loopback name sends. */
const otherHosts = () => [`localhost:${fixture.port}`, `evil.example:${fixture.port}`];

describe("the Host header", () => {
  it("must name 127.0.0.1 and this port, even with the token (HTTP)", async () => {
    for (const host of [...otherHosts(), "127.0.0.1", "127.0.0.1:1"]) {
      expect((await rawRequest(fixture, "/", { host })).status, host).toBe(403);
      expect((await rawRequest(fixture, `/${new URL(fixture.host.appUrl).search}`, { host })).status, host).toBe(403);
    }
    expect((await rawRequest(fixture, "/")).status).toBe(200);
  });

  it("must name 127.0.0.1 and this port (WebSocket upgrade)", async () => {
    for (const host of otherHosts()) {
      expect(await bridgeStatus(fixture, { host, origin: fixture.host.url }), host).toBe(403);
      const raw = await rawRequest(fixture, "/bridge", { ...upgradeHeaders(fixture), host });
      expect(raw.status, host).toBe(403);
    }
    expect(await bridgeStatus(fixture, { origin: fixture.host.url })).toBe(101);
    expect(await stillServes(fixture)).toBe(true);
  });
});
