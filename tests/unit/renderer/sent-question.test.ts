import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import type { ChatMessage, ConversationDetail } from "../../../shared/ipc/chat.ts";
import { chatKeys } from "../../../renderer/src/panes/chat/chat-queries.ts";
import { showQuestionVersion, showSentQuestion } from "../../../renderer/src/panes/chat/sent-question.ts";
import { chatMessage } from "../../support/chat-message.ts";

// The chat queries module reaches main through `window.api`; these tests never call it.
vi.hoisted(() => Object.assign(globalThis, { window: { api: {} } }));

const CONVERSATION = "c1";

const message = (id: string, content: string) => chatMessage({ id, role: "user", content });

function withConversation(messages: ChatMessage[]): QueryClient {
  const queryClient = new QueryClient();
  const detail = { conversation: { id: CONVERSATION }, messages, totalCost: null } as unknown as ConversationDetail;
  queryClient.setQueryData(chatKeys.detail(CONVERSATION), detail);
  return queryClient;
}

const shown = (queryClient: QueryClient) =>
  queryClient
    .getQueryData<ConversationDetail>(chatKeys.detail(CONVERSATION))!
    .messages.map((shownMessage) => `${shownMessage.id}:${shownMessage.content}`);

describe("the question just sent with files", () => {
  it("shows as main stored it when it was not shown as typed", () => {
    const queryClient = withConversation([message("m1", "Earlier")]);
    showSentQuestion(queryClient, CONVERSATION, message("m2", "Hello"));
    expect(shown(queryClient)).toEqual(["m1:Earlier", "m2:Hello"]);
  });

  it("is shown once when the conversation was read again before Send's answer came", () => {
    const queryClient = withConversation([message("m1", "Earlier"), message("m2", "Hello")]);
    showSentQuestion(queryClient, CONVERSATION, message("m2", "Hello"));
    expect(shown(queryClient)).toEqual(["m1:Earlier", "m2:Hello"]);
  });
});

describe("a compared question asked again as a new version of itself", () => {
  it("ends the shown path in the place of the version it stands beside and of what followed that one", () => {
    const answer = chatMessage({ id: "a2", role: "assistant", content: "Answer" });
    const queryClient = withConversation([message("m1", "Earlier"), message("m2", "Compare"), answer]);
    showQuestionVersion(queryClient, CONVERSATION, "m2", message("m3", "Compare"));
    expect(shown(queryClient)).toEqual(["m1:Earlier", "m3:Compare"]);
  });

  it("ends the shown path when the version it stands beside is not shown", () => {
    const queryClient = withConversation([message("m1", "Earlier")]);
    showQuestionVersion(queryClient, CONVERSATION, "m2", message("m3", "Compare"));
    expect(shown(queryClient)).toEqual(["m1:Earlier", "m3:Compare"]);
  });
});
