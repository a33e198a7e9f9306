import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../electron/common/content-security-policy.ts";
import { startHostFixture, type HostFixture } from "./web-host-fixture.ts";

let fixture: HostFixture;
beforeAll(async () => {
  fixture = await startHostFixture();
});
afterAll(() => fixture.close());

function directive(policy: string, name: string): string[] {
  const found = policy.split(";").find((part) => part.trim().startsWith(`${name} `));
  return found ? found.trim().split(/\s+/).slice(1) : [];
}

/** No network source: not any https origin, not another port on the loopback (the cookie would go there). */
function expectNoNetworkImages(policy: string): void {
  const sources = directive(policy, "img-src");
  expect(sources).toEqual(expect.arrayContaining(["'self'", "data:", "blob:"]));
  expect(sources.filter((source) => /^(https?:|wss?:)|\*|localhost|127\.0\.0\.1/.test(source))).toEqual([]);
  expect(policy).not.toMatch(/(^|\s)https:(\s|;|$)/);
}

describe("the content security policy", () => {
  it("loads images only from the app itself, data: and blob: in the web host", async () => {
    const page = await fetch(fixture.host.appUrl);
    expectNoNetworkImages(page.headers.get("content-security-policy")!);
  });

  it("does the same in Electron, with media:// for stored media", () => {
    const policy = contentSecurityPolicy([], ["media:"]);
    expectNoNetworkImages(policy);
    expect(directive(policy, "img-src")).toContain("media:");
    expect(directive(policy, "media-src")).toContain("media:");
    // The gallery reads stored media with fetch for its card previews; nothing else is reachable.
    expect(directive(policy, "connect-src")).toEqual(["'self'", "media:"]);
  });

  it("lets the web host's page connect only to itself and its own bridge", async () => {
    const page = await fetch(fixture.host.appUrl);
    const sources = directive(page.headers.get("content-security-policy")!, "connect-src");
    expect(sources).toEqual(["'self'", new URL(fixture.host.appUrl).origin.replace(/^http/, "ws")]);
  });
});
