import { afterEach, describe, expect, it, vi } from "vitest";
import { runWithin } from "../../../tests/bench/bench-limits.ts";
import { report } from "../../../tests/bench/measure.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a bench run within its time limit", () => {
  it("is done when it ends, failed when it throws, and named with what it waited for when it hangs", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const said = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await runWithin("quick", async () => report("quick_ms", 1, "ms"), 60_000)).toBe("done");
    expect(await runWithin("broken", () => Promise.reject(new Error("no gateway")), 60_000)).toBe("failed");
    const hanging = async () => {
      report("hanging_first_ms", 1, "ms");
      await new Promise(() => undefined);
    };
    expect(await runWithin("hanging", hanging, 20)).toBe("timed out");
    expect(said).toHaveBeenLastCalledWith(
      "bench hanging timed out after 0 s, waiting for the figure after hanging_first_ms",
    );
  });
});
