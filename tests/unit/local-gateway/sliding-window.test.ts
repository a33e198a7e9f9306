import { describe, expect, it } from "vitest";
import { SlidingWindow } from "../../../electron/local-gateway/sliding-window.ts";

describe("SlidingWindow", () => {
  it("counts what happened inside the window only", () => {
    const window = new SlidingWindow(1000);
    window.record("k", 0);
    window.record("k", 400, 5);
    expect(window.used("k", 500)).toBe(6);
    expect(window.used("k", 1000)).toBe(5);
    expect(window.used("k", 1400)).toBe(0);
    expect(window.used("other", 500)).toBe(0);
  });

  it("says how long until an amount fits under a limit", () => {
    const window = new SlidingWindow(1000);
    window.record("k", 0, 3);
    window.record("k", 300, 3);
    window.record("k", 600, 3);
    expect(window.waitFor("k", 700, 1, 10)).toBe(0);
    expect(window.waitFor("k", 700, 2, 10)).toBe(300);
    expect(window.waitFor("k", 700, 5, 10)).toBe(600);
    expect(window.waitFor("k", 700, 20, 10)).toBe(1000);
  });
});
