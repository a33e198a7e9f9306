import { beforeEach, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../shared/ipc/chat.ts";
import { useChatStore } from "../../../renderer/src/panes/chat/chat-store.ts";
import {
  dropPendingReply,
  isPendingReply,
  showPendingReply,
  stopAskedOf,
  stopPendingReply,
} from "../../../renderer/src/panes/chat/pending-reply.ts";
import { messagesBesideLive } from "../../../renderer/src/panes/chat/transcript-items.ts";
import { chatMessage } from "../../support/chat-message.ts";

const INITIAL = useChatStore.getState();
const live = () => useChatStore.getState().live;

const message = (id: string, role: ChatMessage["role"], content: string) => chatMessage({ id, role, content });

const shown = (messages: readonly ChatMessage[]) =>
  messages.map((each) => `${each.id.startsWith("pending-") ? "typed" : each.id}:${each.content}`);

describe("the question and the reply drawn at Send, before main names its stream", () => {
  beforeEach(() => useChatStore.setState(INITIAL, true));

  it("are the conversation's live reply at once, and main's stream takes its place, its start and its question", () => {
    const pending = showPendingReply("c1", "Hello");
    expect(isPendingReply(pending)).toBe(true);
    const drawnAt = live()[pending]?.startedAt;
    const typed = live()[pending]?.question?.typed;
    expect(typed).toMatchObject({ role: "user", content: "Hello", conversationId: "c1" });
    useChatStore
      .getState()
      .replyStarted(
        { streamId: "s1", conversationId: "c1", assistantMessageId: "a1", userMessage: message("m2", "user", "Hello") },
        pending,
      );
    expect(Object.keys(live())).toEqual(["s1"]);
    expect(live()["s1"]).toMatchObject({ conversationId: "c1", assistantMessageId: "a1", startedAt: drawnAt });
    expect(live()["s1"]?.question).toEqual({ typed, storedAs: "m2" });
    expect(isPendingReply("s1")).toBe(false);
  });

  it("remember a Stop pressed on the reply, so the stream can be stopped as soon as it is named", () => {
    const pending = showPendingReply("c1", "Hello");
    expect(stopAskedOf(pending)).toBe(false);
    stopPendingReply(pending);
    expect(stopAskedOf(pending)).toBe(true);
  });

  it("go when Send is refused", () => {
    const pending = showPendingReply("c1", "Hello");
    dropPendingReply(pending);
    expect(live()).toEqual({});
  });
});

describe("the transcript beside a live reply", () => {
  const earlier = [message("m1", "user", "Earlier"), message("r1", "assistant", "Answer")];
  const typed = message("pending-question-1", "user", "Hello");

  it("shows the question as typed after the stored messages until the conversation read again holds it", () => {
    expect(shown(messagesBesideLive(earlier, { assistantMessageId: "pending-1", question: { typed } }))).toEqual([
      "m1:Earlier",
      "r1:Answer",
      "typed:Hello",
    ]);
    const named = { assistantMessageId: "a1", question: { typed, storedAs: "m2" } };
    expect(shown(messagesBesideLive(earlier, named))).toEqual(["m1:Earlier", "r1:Answer", "typed:Hello"]);
    const readAgain = [...earlier, message("m2", "user", "Hello"), message("a1", "assistant", "")];
    expect(shown(messagesBesideLive(readAgain, named))).toEqual(["m1:Earlier", "r1:Answer", "m2:Hello"]);
  });

  it("shows main's stored question in place of the typed one, and its reply only live, when a read holds them before Send is answered", () => {
    const pending = { assistantMessageId: "pending-1", question: { typed, shownAtSend: new Set(["m1", "r1"]) } };
    expect(shown(messagesBesideLive(earlier, pending))).toEqual(["m1:Earlier", "r1:Answer", "typed:Hello"]);
    const readAgain = [...earlier, message("m2", "user", "Hello"), message("a1", "assistant", "")];
    expect(shown(messagesBesideLive(readAgain, pending))).toEqual(["m1:Earlier", "r1:Answer", "m2:Hello"]);
  });

  it("keeps the typed question when the conversation was not read at Send and its first read holds only older ones", () => {
    const pending = { assistantMessageId: "pending-1", question: { typed } };
    expect(shown(messagesBesideLive(earlier, pending))).toEqual(["m1:Earlier", "r1:Answer", "typed:Hello"]);
  });

  it("shows the reply main writes ahead once, live, and the stored messages as they are without one", () => {
    const stored = [...earlier, message("a1", "assistant", "Partial")];
    expect(shown(messagesBesideLive(stored, { assistantMessageId: "a1" }))).toEqual(["m1:Earlier", "r1:Answer"]);
    expect(messagesBesideLive(stored, null)).toBe(stored);
  });
});
