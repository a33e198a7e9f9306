import { describe, expect, it } from "vitest";
import { PollPacer } from "../../../electron/services/tasks/poll-pacer.ts";

const T0 = 5_000_000;
/** RPM 60: polls at 48 a minute (one every 1.25 s), five seconds' worth (4) saved up. */
const RPM = 60;
const REFILL_MS = 1250;

/** Takes `count` polls at `now`, each given back at once. */
function spend(pacer: PollPacer, count: number, now: number): void {
  for (let poll = 0; poll < count; poll++) {
    pacer.take("p", now);
    pacer.release("p");
  }
}

describe("a key's poll pacing", () => {
  it("lets one poll out at a time: none may start until the gateway has answered the one out", () => {
    const pacer = new PollPacer(() => RPM);
    pacer.take("p", T0);
    expect(pacer.openAt("p", true, T0)).toBeNull();
    expect(pacer.openAt("p", false, T0 + 60_000)).toBeNull();
    pacer.release("p");
    expect(pacer.openAt("p", true, T0)).toBe(T0);
  });

  it("keeps the last half of the saved polls for those likely to find a completion", () => {
    const pacer = new PollPacer(() => RPM);
    spend(pacer, 3, T0);
    // One poll left of four: a likely look may take it, a routine one waits until two are saved again.
    expect(pacer.openAt("p", true, T0)).toBe(T0);
    expect(pacer.openAt("p", false, T0)).toBe(T0 + REFILL_MS);
  });

  it("makes a routine poll wait for at least one whole poll on a slow key, whose bucket holds only one", () => {
    // RPM 2: 1.6 polls a minute, one every 37.5 s.
    const pacer = new PollPacer(() => 2);
    spend(pacer, 1, T0);
    expect(pacer.openAt("p", false, T0)).toBe(T0 + 37_500);
    expect(pacer.openAt("p", true, T0)).toBe(T0 + 37_500);
  });

  it("refills at 80 % of the key's RPM: an emptied bucket has a poll again 1.25 s later at RPM 60", () => {
    const pacer = new PollPacer(() => RPM);
    spend(pacer, 4, T0);
    expect(pacer.openAt("p", true, T0 + REFILL_MS - 1)).toBe(T0 + REFILL_MS);
    expect(pacer.openAt("p", true, T0 + REFILL_MS)).toBe(T0 + REFILL_MS);
  });

  it("saves no more than five seconds of polls however long the key was idle", () => {
    const pacer = new PollPacer(() => RPM);
    spend(pacer, 1, T0);
    const later = T0 + 10 * 60_000;
    for (let poll = 0; poll < 4; poll++) {
      expect(pacer.openAt("p", true, later)).toBe(later);
      spend(pacer, 1, later);
    }
    expect(pacer.openAt("p", true, later)).toBe(later + REFILL_MS);
  });

  it("counts the time passed once: asking again when a poll may start saves no extra poll", () => {
    const pacer = new PollPacer(() => RPM);
    spend(pacer, 4, T0);
    const refilled = T0 + REFILL_MS;
    expect(pacer.openAt("p", true, refilled)).toBe(refilled);
    expect(pacer.openAt("p", true, refilled)).toBe(refilled);
    // One poll saved, not two: a routine look still waits for a second one.
    expect(pacer.openAt("p", false, refilled)).toBe(refilled + REFILL_MS);
  });

  it("counts a clock set back as no time passed, not as polls spent", () => {
    const pacer = new PollPacer(() => RPM);
    expect(pacer.openAt("p", true, T0)).toBe(T0);
    const setBack = T0 - 3_600_000;
    expect(pacer.openAt("p", false, setBack)).toBe(setBack);
  });

  it("runs no poll into debt: a poll made with the bucket empty leaves it empty, not owing", () => {
    const pacer = new PollPacer(() => 2);
    // The bucket holds one poll; the user asks for a second at once, which goes out unpaced.
    spend(pacer, 2, T0);
    expect(pacer.openAt("p", true, T0)).toBe(T0 + 37_500);
  });

  it("never holds back the polls of a key whose RPM is unknown (or no positive number), however many are out", () => {
    for (const rpm of [undefined, 0, -5]) {
      const pacer = new PollPacer(() => rpm);
      expect(pacer.paced("p")).toBe(false);
      pacer.take("p", T0);
      pacer.take("p", T0);
      expect(pacer.openAt("p", false, T0)).toBe(T0);
      expect(pacer.openAt("p", false, T0 + 60_000)).toBe(T0 + 60_000);
      expect(() => pacer.release("p")).not.toThrow();
    }
  });

  it("paces a key as soon as its RPM is known", () => {
    expect(new PollPacer(() => 1).paced("p")).toBe(true);
  });
});
