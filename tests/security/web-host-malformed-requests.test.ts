import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  rawRequest,
  requestText,
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

/** Targets that once ended the process: a model reply's `![x](/.//x:abc/)` makes Chromium send the first. */
const MALFORMED_TARGETS = ["//x:abc/", "/.//x:abc/", "/%c0%ae", "/media/%c0%ae", "/bridge/%c0%ae", "*", "http://x/"];

/** A token of the right length in characters but not in bytes (timingSafeEqual throws on that). */
const WIDE_TOKENS: { name: string; target: string; headers: Record<string, string> }[] = [
  { name: "query", target: `/?token=${"%FF".repeat(48)}`, headers: {} },
  { name: "cookie", target: "/", headers: { cookie: `modeldesk_token=${"é".repeat(24)}` } },
];

function expectClientError(status: number): void {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
}

describe.each([
  ["without the token", false],
  ["with the token cookie", true],
])("malformed request targets %s", (_name, withToken) => {
  const token = (): Record<string, string> => (withToken ? { cookie: fixture.cookie } : {});

  it.each(MALFORMED_TARGETS)("answers GET %s with a 4xx and keeps serving", async (target) => {
    expectClientError((await rawRequest(fixture, target, token())).status);
    expect(await stillServes(fixture)).toBe(true);
  });

  it.each(MALFORMED_TARGETS)("answers an upgrade to %s with a 4xx and keeps serving", async (target) => {
    expectClientError((await rawRequest(fixture, target, { ...upgradeHeaders(fixture), ...token() })).status);
    expect(await stillServes(fixture)).toBe(true);
  });
});

describe("tokens that are not ASCII", () => {
  it.each(WIDE_TOKENS)("refuses a wide token in the $name with 403, HTTP and upgrade", async ({ target, headers }) => {
    expect((await rawRequest(fixture, target, headers)).status).toBe(403);
    const upgrade = { ...upgradeHeaders(fixture), ...headers };
    expect((await rawRequest(fixture, target.replace("/", "/bridge"), upgrade)).status).toBe(403);
    expect(await stillServes(fixture)).toBe(true);
  });
});

describe("failures while answering", () => {
  it("answers 500 when a handler throws, and keeps serving", async () => {
    const failing = vi.spyOn(fixture.host.services.media, "file").mockImplementation(() => {
      throw new Error("the media table is gone");
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect((await rawRequest(fixture, `/media/${randomUUID()}`, { cookie: fixture.cookie })).status).toBe(500);
      expect(logged).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
      logged.mockRestore();
    }
    expect(await stillServes(fixture)).toBe(true);
  });

  it.runIf(process.platform === "linux")("cuts an answer whose file fails while read, and keeps serving", async () => {
    // Opening /proc/self/mem works, reading it at offset 0 fails (EIO): the answer can only be cut.
    const unreadable = { path: "/proc/self/mem", mime: "video/mp4" };
    const failing = vi.spyOn(fixture.host.services.media, "file").mockReturnValue(unreadable);
    try {
      const answer = await rawRequest(fixture, `/media/${randomUUID()}`, { cookie: fixture.cookie });
      expect(answer.text).toBe("");
    } finally {
      failing.mockRestore();
    }
    expect(await stillServes(fixture)).toBe(true);
  });

  it("survives a client that resets the connection after a refused upgrade", async () => {
    const socket = connect(fixture.port, "127.0.0.1");
    socket.write(requestText(fixture, "/bridge", upgradeHeaders(fixture)));
    await new Promise((resolve) => socket.once("data", resolve));
    socket.resetAndDestroy();
    await delay(200);
    expect(await stillServes(fixture)).toBe(true);
  });
});
