import { describe, expect, it } from "vitest";
import { mediaFileName } from "../../../renderer/src/panes/media/media-file-name.ts";

const ID = "3f2a9c1e-0000-4000-8000-000000000000";

describe("the name Save as offers", () => {
  it("is made from the prompt's words, with the id's start to keep names apart", () => {
    expect(mediaFileName({ id: ID, kind: "image", prompt: "A red fox, in the snow!" })).toBe(
      "a-red-fox-in-the-snow-3f2a9c1e.png",
    );
    expect(mediaFileName({ id: ID, kind: "video", prompt: "海边的日落" })).toBe("海边的日落-3f2a9c1e.mp4");
  });

  it("stops at a whole word near 60 characters and never carries a path or a dot", () => {
    const name = mediaFileName({ id: ID, kind: "image", prompt: `../../etc/passwd ${"word ".repeat(40)}` });
    expect(name).toMatch(/^etc-passwd(-word)+-3f2a9c1e\.png$/);
    expect(name.length).toBeLessThanOrEqual(60 + 13);
  });

  it("falls back to the id when the prompt has no words", () => {
    expect(mediaFileName({ id: ID, kind: "image", prompt: "!!! ???" })).toBe("3f2a9c1e.png");
  });
});
