import { describe, expect, it } from "vitest";
import type { ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import { appError } from "../../../electron/services/app-error.ts";
import { MAX_REPLY_CHARS } from "../../../electron/services/chat/reply-round.ts";
import {
  PNG,
  text,
  usage,
  finish,
  chunks,
  gatewayError,
  replies,
  deltasOf,
  kindsOf,
} from "./reply-producer-fixture.ts";

describe("a streamed reply", () => {
  it("is linked in the ledger to its conversation and message, so what it costs is charged to that reply", async () => {
    const { ask, calls } = replies(() => chunks(text("Hello"), finish("stop")));
    const { run, conversationId } = await ask("Hi");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.link).toEqual({ conversationId, messageId: run.assistantMessageId });
  });

  it("is shown as the conversation's latest answer, after its question, with no sources when none came", async () => {
    const { ask, store } = replies(() => chunks(text("Hello"), finish("stop")));
    const { done, stored, conversationId } = await ask("Hi");
    expect(store.messages(conversationId).map((message) => [message.role, message.content])).toEqual([
      ["user", "Hi"],
      ["assistant", "Hello"],
    ]);
    expect(done).toMatchObject({ status: "complete", error: null, content: "Hello" });
    expect(done.meta).toMatchObject({ searched: false, sources: [], finish: "finished", requestId: "req_stream" });
    expect(stored).toMatchObject({ status: "complete", content: "Hello" });
  });

  it("reaches the page whole before it is done, however fast its text came", async () => {
    const { ask } = replies(() => chunks(text("Hel"), text("lo"), text(" there")));
    const { events, done } = await ask("Hi");
    expect(deltasOf(events)).toBe("Hello there");
    expect(done.content).toBe("Hello there");
  });

  it("is asked of the conversation's own profile, not the active one", async () => {
    const { ask, vault, clientsMade, profile } = replies(() => chunks(text("Hi")));
    const home = vault.save({
      name: "Home",
      baseUrl: "https://h.example.com",
      auth: "bearer",
      key: "sk-home-0123456789",
    });
    expect(vault.activeId()).toBe(profile.id);
    await ask("Hi", { settings: { profileId: home.id } });
    expect(clientsMade).toEqual([home.id]);
  });

  it("sends the question's image with it", async () => {
    const { ask, calls } = replies(() => chunks(text("A pixel")));
    await ask("What is this?", { images: true });
    const messages = calls[0]!.request.messages as { content: unknown }[];
    expect(messages.at(-1)!.content).toEqual([
      { type: "text", text: "What is this?" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
    ]);
  });

  it("measures the time to its first text and its whole time from when it was asked", async () => {
    const { ask } = replies(() => chunks(text("Hel"), text("lo"), usage(3, 2)));
    const before = performance.now();
    const { done } = await ask("Hi");
    const elapsed = performance.now() - before;
    expect(done.meta!.ttftMs).toBeGreaterThanOrEqual(0);
    expect(done.meta!.ttftMs).toBeLessThanOrEqual(done.meta!.totalMs!);
    expect(done.meta!.totalMs).toBeLessThanOrEqual(Math.ceil(elapsed));
  });

  it("keeps the counts a later usage report leaves out, and tells the page the counts after the text they count", async () => {
    const { ask } = replies(() => chunks(text("Hello"), usage(10, 3), text(" world"), usage(undefined, 5)));
    const { events, done } = await ask("Hi");
    expect(done.meta).toMatchObject({ inputTokens: 10, outputTokens: 5 });
    expect(done.meta!.tokensEstimated).toBeUndefined();
    expect(done.meta!.tokensImplausible).toBeUndefined();
    const usages = events.filter((event) => event.kind === "usage").map((event) => event.data);
    expect(usages).toEqual([
      { inputTokens: 10, outputTokens: 3 },
      { inputTokens: 10, outputTokens: 5 },
    ]);
    // The page never shows a count ahead of the text it counts.
    expect(kindsOf(events)).toEqual(["delta", "usage", "delta", "usage", "done"]);
  });

  it("says when the server sent token counts that cannot be, so the cost is not trusted", async () => {
    const { ask } = replies(() => chunks(text("Hello"), usage(Number.NaN, 4)));
    const { done } = await ask("Hi");
    expect(done.meta).toMatchObject({ inputTokens: null, outputTokens: 4, tokensImplausible: true });
  });

  it("estimates the tokens of a reply the server did not count, its system prompt included, and says they are estimated", async () => {
    const { ask } = replies(() => chunks(text("An answer with a few words in it"), finish("stop")));
    const plain = await ask("A question", { settings: { systemPrompt: "" } });
    const prompted = await ask("A question", {
      settings: { systemPrompt: "You are a careful assistant who answers in full sentences." },
    });
    expect(plain.done.meta).toMatchObject({ tokensEstimated: true });
    expect(plain.done.meta!.outputTokens).toBeGreaterThan(0);
    expect(prompted.done.meta!.outputTokens).toBe(plain.done.meta!.outputTokens);
    expect(prompted.done.meta!.inputTokens).toBeGreaterThan(plain.done.meta!.inputTokens!);
    expect(prompted.stored!.meta).toMatchObject({
      tokensEstimated: true,
      inputTokens: prompted.done.meta!.inputTokens,
    });
  });

  it("estimates nothing for a reply that failed before any text arrived: nothing was delivered", async () => {
    const { ask } = replies(() => {
      throw gatewayError("MODEL_NOT_FOUND", { status: 404, requestId: "req_404" });
    });
    const { done, events } = await ask("Hi");
    expect(done).toMatchObject({ status: "error", content: "", error: { code: "MODEL_NOT_FOUND", status: 404 } });
    expect(done.meta).toMatchObject({ inputTokens: null, outputTokens: null, ttftMs: null });
    expect(done.meta!.tokensEstimated).toBeUndefined();
    // The request id is kept with the reply, to quote to the server's operator.
    expect(done.meta!.requestId).toBe("req_404");
    expect(events.filter((event) => event.kind === "error").map((event) => event.data)).toEqual([
      expect.objectContaining({ code: "MODEL_NOT_FOUND", retrying: false }),
    ]);
  });

  it("ends with its error when the profile's key cannot be read, like any failure, and is still stored", async () => {
    const { ask, calls } = replies(() => chunks(text("never")), {
      clientFails: appError("KEY_UNREADABLE", { profile: "Work" }),
    });
    const { done, stored, events } = await ask("Hi");
    expect(kindsOf(events)).toEqual(["error", "done"]);
    expect(done).toMatchObject({ status: "error", content: "" });
    expect(done.error).toMatchObject({ code: "KEY_UNREADABLE" });
    expect(stored).toMatchObject({ status: "error" });
    expect(calls).toEqual([]);
  });
});

describe("the reply-length cap", () => {
  const LIMIT = MAX_REPLY_CHARS;

  it("keeps a reply of exactly the longest length whole", async () => {
    const { ask } = replies(() => chunks(usage(5, 7), text("a".repeat(LIMIT - 1)), text("b"), finish("stop")));
    const { done } = await ask("Hi");
    expect(done.status).toBe("complete");
    expect(done.content).toHaveLength(LIMIT);
  });

  it("cuts an endless reply at the longest length, keeps what fits as interrupted and reads no further", async () => {
    let readAfterCap = false;
    async function* endless() {
      yield usage(5, 7);
      yield text("a".repeat(LIMIT - 10));
      yield text("b".repeat(20));
      readAfterCap = true;
      yield text("c");
    }
    const { ask, calls } = replies(() => endless());
    const { done, stored, events } = await ask("Hi");
    expect(done.content).toBe("a".repeat(LIMIT - 10) + "b".repeat(10));
    expect(deltasOf(events)).toBe(done.content);
    expect(done).toMatchObject({
      status: "interrupted",
      error: { code: "REPLY_TOO_LONG", text: { code: "REPLY_TOO_LONG", params: { count: LIMIT } } },
    });
    expect(stored!.content).toHaveLength(LIMIT);
    expect(readAfterCap).toBe(false);
    expect(calls).toHaveLength(1);
  });
});

describe("a reply asked with web search", () => {
  it("uses the profile's search model and keeps the sources it cites", async () => {
    const sources = [{ url: "https://docs.example.com/a", title: "A", snippet: "about a" }];
    const { ask, calls } = replies(() => chunks({ choices: [], search_results: sources }, text("See [1]")), {
      searchModels: ["search-pro"],
    });
    const { done, events } = await ask("Find it", { searchWeb: true });
    expect(calls[0]!.endpoint).toBe("/v1/search/completions");
    expect(calls[0]!.request).toMatchObject({ model: "search-pro" });
    expect(done.meta).toMatchObject({ model: "search-pro", searched: true, sources });
    expect(events.find((event) => event.kind === "citations")!.data).toEqual({ sources });
  });

  it.each([
    ["names no search model", []],
    ["lists no models at all", null],
  ])("uses the usual search model when the profile %s", async (_case, searchModels) => {
    const { ask, calls } = replies(() => chunks(text("Found")), { searchModels });
    const { done } = await ask("Find it", { searchWeb: true });
    expect(calls[0]!.request).toMatchObject({ model: "web-search" });
    expect(done.meta).toMatchObject({ model: "web-search", searched: true });
  });
});

describe("the wire format", () => {
  it("is chat completions for a server known not to offer the messages format, whatever the conversation says", async () => {
    const features = {
      balance: "unknown",
      messages: "missing",
      search: "unknown",
      images: "unknown",
      video: "unknown",
    };
    const { ask, calls } = replies(() => chunks(text("Hi")), {
      capabilities: { features } as Partial<ServerCapabilities>,
    });
    const { done } = await ask("Hi", { settings: { wireFormat: "messages" } });
    expect(calls[0]!.endpoint).toBe("/v1/chat/completions");
    expect(done.meta).toMatchObject({ wireFormat: "chat-completions" });
  });

  it("is the conversation's own where the server may offer it", async () => {
    const { ask, calls } = replies(() =>
      chunks({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi" } }),
    );
    const { done } = await ask("Hi", { settings: { wireFormat: "messages" } });
    expect(calls[0]!.endpoint).toBe("/v1/messages");
    expect(done.meta).toMatchObject({ wireFormat: "messages" });
  });
});
