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

const INITIAL = useChatStore.getState();
const live = () => useChatStore.getState().live;
const queryClient = new QueryClient();

const question = chatMessage({ id: "m2", role: "user", content: "Hello" });

const delta = (streamId: string, text: string) =>
  handleStreamEvent({ streamId, seq: 0, kind: "delta", data: { text } }, queryClient);

describe("the reply drawn at Send, when main names its stream", () => {
  beforeEach(() => useChatStore.setState(INITIAL, true));

  it("changes nothing on screen until the stream's first event, and takes its name with it", () => {
    const pending = showPendingReply("c1", "Hello");
    const shown = live();
    const named = { streamId: "s1", conversationId: "c1", assistantMessageId: "a1", userMessage: question };
    startLiveReply(named, queryClient, undefined, pending);
    expect(live()).toBe(shown);
    expect(streamNamedFor(pending)).toBe("s1");

    delta("s1", "Hi");
    expect(Object.keys(live())).toEqual(["s1"]);
    expect(live()["s1"]).toMatchObject({ text: "Hi", assistantMessageId: "a1", question: { storedAs: "m2" } });
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
