import { beforeEach, describe, expect, it } from "vitest";
import { useChatStore } from "../../../renderer/src/panes/chat/chat-store.ts";
import {
  dropPendingReply,
  isPendingReply,
  showPendingReply,
  stopAskedOf,
} from "../../../renderer/src/panes/chat/pending-reply.ts";

const INITIAL = useChatStore.getState();
const live = () => useChatStore.getState().live;

describe("the reply drawn at Send, before main names its stream", () => {
  beforeEach(() => useChatStore.setState(INITIAL, true));

  it("is the conversation's live reply at once, and main's stream takes its place and its start", () => {
    const pending = showPendingReply("c1");
    expect(isPendingReply(pending)).toBe(true);
    const drawnAt = live()[pending]?.startedAt;
    useChatStore.getState().replyStarted({ streamId: "s1", conversationId: "c1", assistantMessageId: "a1" }, pending);
    expect(Object.keys(live())).toEqual(["s1"]);
    expect(live()["s1"]).toMatchObject({ conversationId: "c1", assistantMessageId: "a1", startedAt: drawnAt });
    expect(isPendingReply("s1")).toBe(false);
  });

  it("remembers a Stop pressed on it, so the stream can be stopped as soon as it is named", () => {
    const pending = showPendingReply("c1");
    expect(stopAskedOf(pending)).toBe(false);
    useChatStore.getState().pendingReplyStopped(pending);
    expect(stopAskedOf(pending)).toBe(true);
  });

  it("goes when Send is refused", () => {
    const pending = showPendingReply("c1");
    dropPendingReply(pending);
    expect(live()).toEqual({});
  });
});
