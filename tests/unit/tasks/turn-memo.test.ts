import { describe, expect, it } from "vitest";
import { memoForTurn } from "../../../electron/services/tasks/turn-memo.ts";

/** A setting that counts how often it was read, and may be changed between reads. */
function countedSetting() {
  const setting = { reads: 0, value: 60 };
  const read = memoForTurn((profileId: string) => {
    setting.reads++;
    return `${profileId}:${setting.value}`;
  });
  return { setting, read };
}

describe("an answer kept for the rest of the turn", () => {
  it("is read once per key while the code runs without yielding, however often it is asked", () => {
    const { setting, read } = countedSetting();
    for (let task = 0; task < 500; task++) expect(read("p1")).toBe("p1:60");
    expect(read("p2")).toBe("p2:60");
    expect(setting.reads).toBe(2);
  });

  it("is read again once the code has yielded, so a changed setting counts at the next look", async () => {
    const { setting, read } = countedSetting();
    expect(read("p1")).toBe("p1:60");
    setting.value = 600;
    await Promise.resolve();
    expect(read("p1")).toBe("p1:600");
    expect(setting.reads).toBe(2);
  });
});
