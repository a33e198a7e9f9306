import { describe, expect, it } from "vitest";
import { callTermsOf, ledgerKindOf } from "../../../electron/services/ledger/call-terms.ts";

describe("what a call was", () => {
  it.each([
    ["POST", "/v1/tasks/t1/cancel", "cancel"],
    ["POST", "/v1/video/generations/v1/cancel", "cancel"],
    ["GET", "/v1/tasks/t1", "poll"],
    ["GET", "/v1/video/generations/v1", "poll"],
    ["GET", "/v1/tasks/t1/result", "other"],
    ["GET", "/x/v1/tasks/t1", "other"],
    ["GET", "/v1/tasks/", "other"],
    ["POST", "/v1/tasks/t1", "other"],
    ["GET", "/v1/tasks/t1/cancel", "other"],
    ["POST", "/v1/chat/completions", "chat"],
    ["POST", "/v1/messages", "chat"],
    ["POST", "/v1/search/completions", "search"],
    ["POST", "/v1/images/generations", "image"],
    ["POST", "/v1/video/generations", "video"],
    ["GET", "/v1/balance", "balance"],
    ["GET", "/v1/models", "models"],
    ["GET", "/v1/files", "other"],
  ])("%s %s is a %s call", (method, path, kind) => {
    expect(ledgerKindOf(method, path)).toBe(kind);
  });
});

describe("the terms a request body sets its price by", () => {
  it("an image call: its model, how many images and their size, one image of the default size when it names none", () => {
    expect(callTermsOf("image", JSON.stringify({ model: "img", n: 4, size: "512x512", prompt: "p" }))).toEqual({
      model: "img",
      units: 4,
      size: "512x512",
      maxTokens: null,
    });
    expect(callTermsOf("image", "{}")).toEqual({ model: null, units: 1, size: "1024x1024", maxTokens: null });
  });

  it("a video call: its seconds and size, 5 s at 1280x720 when it names none", () => {
    expect(callTermsOf("video", JSON.stringify({ model: "vid", duration: 8, size: "1920x1080" }))).toEqual({
      model: "vid",
      units: 8,
      size: "1920x1080",
      maxTokens: null,
    });
    expect(callTermsOf("video", JSON.stringify({ model: "vid" }))).toEqual({
      model: "vid",
      units: 5,
      size: "1280x720",
      maxTokens: null,
    });
  });

  it("a chat call: its model and the output it allows; a field of the wrong type is not read; no JSON names nothing", () => {
    expect(callTermsOf("chat", JSON.stringify({ model: "m", n: 3, size: "x", max_tokens: 1024 }))).toEqual({
      model: "m",
      units: null,
      size: null,
      maxTokens: 1024,
    });
    expect(
      callTermsOf("chat", JSON.stringify({ model: "m", max_tokens: 9, max_completion_tokens: 64 })).maxTokens,
    ).toBe(64);
    expect(callTermsOf("chat", JSON.stringify({ model: "m", max_tokens: "lots" })).maxTokens).toBeNull();
    expect(callTermsOf("image", JSON.stringify({ model: 7, n: "many" }))).toEqual({
      model: null,
      units: 1,
      size: "1024x1024",
      maxTokens: null,
    });
    const nothing = { model: null, units: null, size: null, maxTokens: null };
    expect(callTermsOf("image", "not json")).toEqual(nothing);
    expect(callTermsOf("image", undefined)).toEqual(nothing);
  });
});
