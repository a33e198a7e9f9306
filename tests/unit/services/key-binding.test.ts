import { describe, expect, it } from "vitest";
import { bindingOf, keyHintOf, sameBinding } from "../../../electron/services/vault/key-binding.ts";

describe("a key's binding", () => {
  it("is the origin of the address it was saved for, whatever the path, with its auth mode", () => {
    expect(bindingOf("https://gateway.example.com/v1/", "bearer")).toEqual({
      origin: "https://gateway.example.com",
      auth: "bearer",
    });
  });

  it("holds only for the same origin and the same auth mode", () => {
    const saved = bindingOf("https://gateway.example.com", "bearer");
    expect(sameBinding(saved, bindingOf("https://gateway.example.com/other", "bearer"))).toBe(true);
    expect(sameBinding(saved, bindingOf("https://gateway.example.com.evil.test", "bearer"))).toBe(false);
    expect(sameBinding(saved, bindingOf("http://gateway.example.com", "bearer"))).toBe(false);
    expect(sameBinding(saved, bindingOf("https://gateway.example.com", "x-api-key"))).toBe(false);
  });
});

describe("a key's hint", () => {
  it("shows at most the last two characters, and nothing of a key shorter than 16", () => {
    expect(keyHintOf("sk-0123456789abcd")).toBe("…cd");
    expect(keyHintOf("0123456789abcdef")).toBe("…ef");
    expect(keyHintOf("0123456789abcde")).toBeNull();
  });
});
