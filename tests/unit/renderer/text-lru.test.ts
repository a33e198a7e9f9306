import { describe, expect, it } from "vitest";
import { TextLru } from "../../../renderer/src/panes/chat/text-lru.ts";

describe("values kept by their text", () => {
  it("keeps what was put, up to its budget of characters, dropping the least recently used first", () => {
    const kept = new TextLru<number>(10);
    kept.put("aaaa", 1);
    kept.put("bbbb", 2);
    kept.put("aaaa", 3);
    kept.put("cccc", 4);
    expect(kept.get("bbbb")).toBeUndefined();
    expect(kept.get("aaaa")).toBe(3);
    expect(kept.get("cccc")).toBe(4);
  });

  it("counts a text read as used", () => {
    const kept = new TextLru<number>(10);
    kept.put("aaaa", 1);
    kept.put("bbbb", 2);
    kept.get("aaaa");
    kept.put("cccc", 3);
    expect(kept.get("bbbb")).toBeUndefined();
    expect(kept.get("aaaa")).toBe(1);
  });

  it("counts a text put again once", () => {
    const kept = new TextLru<number>(8);
    for (let round = 0; round < 5; round++) kept.put("aaaa", round);
    kept.put("bbbb", 9);
    expect(kept.get("aaaa")).toBe(4);
    expect(kept.get("bbbb")).toBe(9);
  });

  it("keeps no text longer than its whole budget, and drops nothing for it", () => {
    const kept = new TextLru<number>(4);
    kept.put("abcd", 1);
    kept.put("abcde", 2);
    expect(kept.get("abcde")).toBeUndefined();
    expect(kept.get("abcd")).toBe(1);
  });
});
