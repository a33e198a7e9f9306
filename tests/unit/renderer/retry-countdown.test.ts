import { describe, expect, it } from "vitest";
import { retrySecondsLeft } from "../../../renderer/src/panes/chat/retry-countdown.ts";

const refusal = { code: "RATE_LIMIT", message: "Slow down.", retrying: true, retryAfter: 5, at: 100_000 };

describe("the seconds until a refused reply is asked again", () => {
  it("count down from the refusal's own time while the clock has not ticked since it arrived", () => {
    // The clock last ticked 40 s before the refusal: the reply had been waiting a while.
    expect(retrySecondsLeft(refusal, 60_000)).toBe(5);
  });

  it("count down with the clock after, and stop at zero", () => {
    expect(retrySecondsLeft(refusal, 101_200)).toBe(4);
    expect(retrySecondsLeft(refusal, 130_000)).toBe(0);
    expect(retrySecondsLeft({ ...refusal, retryAfter: undefined }, 100_000)).toBe(0);
  });
});
