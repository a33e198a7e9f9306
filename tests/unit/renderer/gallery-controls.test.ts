import { describe, expect, it } from "vitest";
import { modelOptions } from "../../../renderer/src/api/model-option-list.ts";
import { fitting } from "../../../renderer/src/panes/media/media-drafts.ts";
import { ZOOM_LEVELS, zoomStep } from "../../../renderer/src/panes/media/ViewerStage.tsx";

describe("the model picker's options", () => {
  it("list the profile's codes, then the server's, then recent ones, each once under its first source", () => {
    expect(modelOptions(["a", "b"], ["b", "c", ""], ["d", "a", "c"])).toEqual([
      { code: "a", source: "profile" },
      { code: "b", source: "profile" },
      { code: "c", source: "server" },
      { code: "d", source: "recent" },
    ]);
  });
});

describe("the viewer's zoom", () => {
  it("steps through the levels and stops at either end", () => {
    expect(zoomStep(1, 1)).toBe(1.5);
    expect(zoomStep(1.5, -1)).toBe(1);
    expect(zoomStep(1, -1)).toBe(1);
    expect(zoomStep(ZOOM_LEVELS.at(-1)!, 1)).toBe(ZOOM_LEVELS.at(-1));
  });
});

describe("a saved form draft", () => {
  const defaults = { prompt: "", model: null as string | null, size: "1280x720", duration: 5 };
  const allowed = { size: ["1280x720", "720x1280"], duration: [5, 8] };

  it("keeps the values that still fit and takes the defaults for the rest", () => {
    const saved = { prompt: "waves", model: "video-std", size: "720x1280", duration: 8, extra: "ignored" };
    expect(fitting(defaults, saved, allowed)).toEqual({
      prompt: "waves",
      model: "video-std",
      size: "720x1280",
      duration: 8,
    });
  });

  it("drops values of another type or outside the allowed ones, whatever was stored", () => {
    const saved = { prompt: 42, model: { code: "x" }, size: "9999x9999", duration: "8" };
    expect(fitting(defaults, saved, allowed)).toEqual(defaults);
    expect(fitting(defaults, "not an object", allowed)).toEqual(defaults);
    expect(fitting(defaults, null, allowed)).toEqual(defaults);
  });
});
