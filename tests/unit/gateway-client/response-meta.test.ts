import { describe, expect, it } from "vitest";
import { durationMs, responseMeta } from "../../../electron/services/gateway-client/response-meta.ts";

describe("response meta", () => {
  it("reads OpenAI's rate-limit reset durations", () => {
    expect(durationMs("20ms")).toBe(20);
    expect(durationMs("1.5s")).toBe(1500);
    expect(durationMs("6m0s")).toBe(360_000);
    expect(durationMs("1h2m3s")).toBe(3_723_000);
    expect(durationMs("soon")).toBeNull();
    expect(durationMs("")).toBeNull();
    expect(durationMs(null)).toBeNull();
  });

  it("takes the rate limit only when both numbers are there", () => {
    const headers = { "x-ratelimit-limit": "5", "x-ratelimit-remaining": "2", "x-ratelimit-reset-requests": "7.250s" };
    const meta = responseMeta(new Response("", { headers }));
    expect(meta.rateLimit).toEqual({ limit: 5, remaining: 2 });
    expect(meta.rateLimitResetMs).toBe(7250);
    expect(responseMeta(new Response("", { headers: { "x-ratelimit-limit": "5" } })).rateLimit).toBeNull();
  });

  it("reads the tokens left this minute from OpenAI's token headers", () => {
    const headers = { "x-ratelimit-limit-tokens": "100000", "x-ratelimit-remaining-tokens": "99120" };
    expect(responseMeta(new Response("", { headers })).tokenLimit).toEqual({ limit: 100_000, remaining: 99_120 });
    expect(responseMeta(new Response("", { headers: { "x-ratelimit-remaining-tokens": "x" } })).tokenLimit).toBeNull();
  });
});
