import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useChatStore } from "../../../renderer/src/panes/chat/chat-store.ts";
import {
  handleStreamEvent,
  startLiveReply,
  streamNamedFor,
} from "../../../renderer/src/panes/chat/chat-stream-events.ts";
import { showPendingReply } from "../../../renderer/src/panes/chat/pending-reply.ts";
import { chatMessage } from "../../support/chat-message.ts";

// The queries module reaches main through `window.api`; these tests never call it.
vi.hoisted(() => Object.assign(globalThis, { window: { api: {} } }));
// A frame is a task here: what waits for the first words to be painted runs after the next one.
vi.stubGlobal("requestAnimationFrame", (paint: () => void) => setTimeout(paint, 0));

const INITIAL = useChatStore.getState();
const live = () => useChatStore.getState().live;
const queryClient = new QueryClient();

const question = chatMessage({ id: "m2", role: "user", content: "Hello" });

/** After the frame that paints what was drawn, and the task that follows it. */
const nextPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The stream's end, once the reply has gone from the live ones. */
async function ended(streamId: string): Promise<void> {
  const message = chatMessage({ id: "a", role: "assistant", content: "Hi" });
  handleStreamEvent({ streamId, seq: 1, kind: "done", data: { message } }, queryClient);
  await vi.waitFor(() => expect(Object.values(live()).some((reply) => reply.streamId === streamId)).toBe(false));
}

const delta = (streamId: string, text: string) =>
  handleStreamEvent({ streamId, seq: 0, kind: "delta", data: { text } }, queryClient);

describe("the reply drawn at Send, when main names its stream", () => {
  beforeEach(() => useChatStore.setState(INITIAL, true));

  it("changes nothing on screen until the stream's first words, and takes its name once they are painted", async () => {
    const pending = showPendingReply("c1", "Hello");
    const shown = live();
    const named = { streamId: "s1", conversationId: "c1", assistantMessageId: "a1", userMessage: question };
    startLiveReply(named, queryClient, undefined, pending);
    expect(live()).toBe(shown);
    expect(streamNamedFor(pending)).toBe("s1");

    delta("s1", "Hi");
    expect(Object.keys(live())).toEqual([pending]);
    expect(live()[pending]).toMatchObject({ text: "Hi", assistantMessageId: pending });
    expect(streamNamedFor(pending)).toBe("s1");
    delta("s1", " there");
    await nextPaint();
    expect(Object.keys(live())).toEqual(["s1"]);
    expect(live()["s1"]).toMatchObject({ text: "Hi there", assistantMessageId: "a1", question: { storedAs: "m2" } });
    expect(live()["s1"]?.firstTextAt).not.toBeNull();
    expect(streamNamedFor(pending)).toBeUndefined();
  });

  it("keeps what befell it under its pending name: a lost host stays lost, a dropped reply stays gone", async () => {
    const lost = showPendingReply("c1", "Hello");
    startLiveReply({ streamId: "s4", conversationId: "c1", assistantMessageId: "a4" }, queryClient, undefined, lost);
    delta("s4", "Hi");
    useChatStore.getState().hostLost();
    await nextPaint();
    expect(live()["s4"]).toMatchObject({ text: "Hi", interrupted: true });

    const dropped = showPendingReply("c2", "Hello");
    startLiveReply({ streamId: "s5", conversationId: "c2", assistantMessageId: "a5" }, queryClient, undefined, dropped);
    delta("s5", "Hi");
    useChatStore.getState().replyEnded(dropped);
    await nextPaint();
    expect(live()["s5"]).toBeUndefined();
    await ended("s5");
    await vi.waitFor(() => expect(streamNamedFor(dropped)).toBeUndefined());
    expect(live()["s5"]).toBeUndefined();
  });

  it("ends under its name when the stream ends before its first words are painted", async () => {
    const pending = showPendingReply("c1", "Hello");
    startLiveReply({ streamId: "s6", conversationId: "c1", assistantMessageId: "a6" }, queryClient, undefined, pending);
    delta("s6", "Hi");
    await ended("s6");
    await nextPaint();
    expect(live()).toEqual({});
  });

  it("takes its name with the stream's first event that is not words", () => {
    const pending = showPendingReply("c1", "Hello");
    startLiveReply({ streamId: "s3", conversationId: "c1", assistantMessageId: "a3" }, queryClient, undefined, pending);
    const until = new Date(Date.now() + 5000).toISOString();
    handleStreamEvent({ streamId: "s3", seq: 0, kind: "waiting", data: { until } }, queryClient);
    expect(Object.keys(live())).toEqual(["s3"]);
    expect(live()["s3"]?.waitUntil).toBe(Date.parse(until));
    expect(streamNamedFor(pending)).toBeUndefined();
  });

  it("takes its name at once when the stream's first words came before main's answer", () => {
    const pending = showPendingReply("c1", "Hello");
    delta("s2", "Early");
    startLiveReply({ streamId: "s2", conversationId: "c1", assistantMessageId: "a2" }, queryClient, undefined, pending);
    expect(Object.keys(live())).toEqual(["s2"]);
    expect(live()["s2"]?.text).toBe("Early");
    expect(streamNamedFor(pending)).toBeUndefined();
  });
});
