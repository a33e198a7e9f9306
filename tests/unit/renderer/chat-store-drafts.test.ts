import { beforeEach, describe, expect, it } from "vitest";
import { FIRST_MESSAGE_DRAFT, firstMessageModelOf, useChatStore } from "../../../renderer/src/panes/chat/chat-store.ts";
import type { DraftAttachment } from "../../../renderer/src/panes/chat/draft-attachments.ts";

const INITIAL = useChatStore.getState();
const store = () => useChatStore.getState();
const picture: DraftAttachment = {
  key: "k1",
  name: "a.png",
  kind: "image",
  bytes: 3,
  data: "AAAA",
  preview: null,
  tokens: 0,
};

describe("the first message's box, when a conversation opens in its place", () => {
  beforeEach(() => useChatStore.setState(INITIAL, true));

  it("hands its text and files to the conversation in the same change that opens it", () => {
    store().draftChanged(FIRST_MESSAGE_DRAFT, "typed before it opened");
    store().draftAttachmentsChanged(FIRST_MESSAGE_DRAFT, [picture]);
    store().conversationOpened("c1");
    expect(store().activeConversationId).toBe("c1");
    expect(store().drafts["c1"]).toBe("typed before it opened");
    expect(store().draftAttachments["c1"]).toEqual([picture]);
    expect(store().drafts[FIRST_MESSAGE_DRAFT]).toBe("");
    expect(store().draftAttachments[FIRST_MESSAGE_DRAFT]).toEqual([]);
  });

  it("hands over what was typed after New chat was pressed, up to the moment the conversation opens", () => {
    store().draftChanged(FIRST_MESSAGE_DRAFT, "Hel");
    store().draftChanged(FIRST_MESSAGE_DRAFT, "Hello");
    store().conversationOpened("c1");
    expect(store().drafts["c1"]).toBe("Hello");
  });

  it("never overwrites a draft the conversation already has", () => {
    store().draftChanged("c1", "kept from before");
    store().draftAttachmentsChanged("c1", [picture]);
    store().draftChanged(FIRST_MESSAGE_DRAFT, "new words");
    store().draftAttachmentsChanged(FIRST_MESSAGE_DRAFT, [{ ...picture, key: "k2" }]);
    store().conversationOpened("c1");
    expect(store().drafts["c1"]).toBe("kept from before");
    expect(store().draftAttachments["c1"]).toEqual([picture]);
    expect(store().drafts[FIRST_MESSAGE_DRAFT]).toBe("new words");
  });

  it("is left alone when one conversation replaces another", () => {
    store().conversationOpened("c1");
    store().draftChanged(FIRST_MESSAGE_DRAFT, "belongs to the first box");
    store().conversationOpened("c2");
    expect(store().drafts["c2"]).toBeUndefined();
    expect(store().drafts[FIRST_MESSAGE_DRAFT]).toBe("belongs to the first box");
  });
});

describe("the model typed before the first message", () => {
  beforeEach(() => useChatStore.setState(INITIAL, true));

  it("typed before the profiles are known, goes to the profile found active, unless it has its own", () => {
    store().firstMessageModelChosen("chat-pro", null);
    expect(firstMessageModelOf(store(), null)).toBe("chat-pro");
    store().firstMessageModelOwned("local");
    expect(firstMessageModelOf(store(), "local")).toBe("chat-pro");
    expect(firstMessageModelOf(store(), "other")).toBeNull();

    store().firstMessageModelChosen("chat-fast", "other");
    store().firstMessageModelChosen("echo", null);
    store().firstMessageModelOwned("other");
    expect(firstMessageModelOf(store(), "other")).toBe("chat-fast");
  });
});
