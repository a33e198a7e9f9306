import { describe, expect, it } from "vitest";
import type { ModelPrice } from "../../../shared/ipc/prices.ts";
import { sizeFactors, sizeScale } from "../../../electron/services/budget/unconfirmed-size.ts";
import { ledger, PROFILE } from "./ledger-fixtures.ts";

const listed = (size: string | null): ModelPrice => ({
  model: "vid",
  unit: "video_second",
  size,
  price: 0.5,
  source: "published",
  observations: 0,
});

describe("a price before paying at a size it was not confirmed at", () => {
  it("holds where it names the size, or names none and a charge confirmed it there", () => {
    expect(sizeFactors(listed("1280x720"), "1280x720", [], "1280x720")).toEqual([1, 1]);
    expect(sizeFactors(listed(null), "1280x720", ["1280x720"], "1280x720")).toEqual([1, 1]);
  });

  it("elsewhere is a range from the nearest confirmed size, scaled by area and wide by two either way", () => {
    // A 1080p video from a price confirmed at 720p: 2.25 times the area.
    const [low, high] = sizeFactors(listed(null), "1920x1080", ["640x360", "1280x720"], "1280x720");
    expect(low).toBe(0.5);
    expect(high).toBeCloseTo(4.5, 9);
    // A smaller picture may cost a quarter.
    expect(sizeFactors(listed("1024x1024"), "512x512", [], "1024x1024")).toEqual([0.125, 2]);
    // Never confirmed anywhere: even the default size is a guess until its first charge.
    expect(sizeFactors(listed(null), "1280x720", [], "1280x720")).toEqual([0.5, 2]);
  });

  it("its best guess is scaled by area from the nearest size it holds at, and taken as it is where it holds at none", () => {
    expect(sizeScale(listed(null), "1920x1080", ["640x360", "1280x720"])).toBeCloseTo(2.25, 9);
    expect(sizeScale(listed("1024x1024"), "512x512", [])).toBe(0.25);
    expect(sizeScale(listed(null), "1280x720", ["1280x720"])).toBe(1);
    expect(sizeScale(listed(null), "1920x1080", [])).toBe(1);
  });

  it("the Videos form's estimate holds the real charge of a size the list does not price (2.50 listed, 6.00 charged)", () => {
    const book = ledger();
    book.publish("vid", "video_second", null, 0.5);
    book.db
      .prepare(
        "INSERT INTO confirmed_sizes (profile_id, model, unit, size, confirmed_at) VALUES (?, 'vid', 'video_second', '1280x720', 0)",
      )
      .run(PROFILE);
    expect(book.prices.estimate(PROFILE, { kind: "video", model: "vid", size: "1280x720", duration: 5 })).toMatchObject(
      {
        amount: 2.5,
        high: 2.5,
      },
    );
    const hd = book.prices.estimate(PROFILE, { kind: "video", model: "vid", size: "1920x1080", duration: 5 });
    expect(hd.amount).toBeLessThanOrEqual(6);
    expect(hd.high).toBeGreaterThanOrEqual(6);
  });
});
