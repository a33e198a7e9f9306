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

describe.each([
  ["without the secret", false],
  ["with the secret in the address", true],
])("malformed request targets %s", (_name, withSecret) => {
  const target = (path: string) => (withSecret && path.startsWith("/") ? `${path}?token=${fixture.secret}` : path);

  it.each(MALFORMED_TARGETS)("answers GET %s with a 4xx and keeps serving", async (path) => {
    expectClientError((await rawRequest(fixture, target(path))).status);
    expect(await stillServes(fixture)).toBe(true);
  });

  it.each(MALFORMED_TARGETS)("answers an upgrade to %s with a 4xx and keeps serving", async (path) => {
    expectClientError((await rawRequest(fixture, target(path), upgradeHeaders(fixture))).status);
    expect(await stillServes(fixture)).toBe(true);
  });
});

function expectClientError(status: number): void {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
}

describe("secrets that are not ASCII", () => {
  it("refuses a media capability of the right length in characters but not in bytes", async () => {
    // timingSafeEqual throws on buffers of different lengths; the comparison must not.
    const wide = fixture.mediaPath(randomUUID()).replace(/[0-9a-f]{64}/, "%FF".repeat(64));
    expect((await rawRequest(fixture, wide)).status).toBe(404);
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
      expect((await rawRequest(fixture, fixture.mediaPath(randomUUID()))).status).toBe(500);
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
      const answer = await rawRequest(fixture, fixture.mediaPath(randomUUID()));
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
