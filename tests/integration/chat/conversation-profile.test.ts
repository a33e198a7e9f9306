import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage, ChatRun, ConversationSummary } from "../../../shared/ipc/chat.ts";
import type { ChatSearch } from "../../../shared/ipc/chat-search.ts";
import type { ComparisonRun } from "../../../shared/ipc/compare.ts";
import type { ProfilesState } from "../../../shared/ipc/profiles.ts";
import { ipcSteps } from "../../support/conversation-profile-steps.ts";
import { mainAgainstGateway } from "../../support/main-core-fixture.ts";
import { startVariantServer, VARIANT_REPLY, type VariantServer } from "../../support/variant-server.ts";

const THIRD_PARTY_KEY = "sk-variant-0000-0461";
const main = mainAgainstGateway();
const { call, finished, profile, profilesCalledFor } = ipcSteps(main);
let variant: VariantServer;
let local: string;
let thirdParty: string;

beforeAll(async () => {
  // A second server with a model the local gateway does not have (`echo`), and its own key.
  variant = await startVariantServer(["echo", "plain"]);
  local = (await call<ProfilesState>("profiles.list")).activeId!;
  thirdParty = await profile("Third party", variant.url, THIRD_PARTY_KEY);
});
afterAll(() => variant.close());

/** A new chat started while `profileId` is active; then the local gateway is made active again. */
async function chatStartedOn(profileId: string): Promise<ConversationSummary> {
  await call("profiles.select", { id: profileId });
  const conversation = await call<ConversationSummary>("chat.create");
  await call("profiles.select", { id: local });
  return conversation;
}

describe("a conversation belongs to the profile it was started on", () => {
  it("is sent, regenerated, edited and compared through its profile, with its key, after another is made active", async () => {
    const conversation = await chatStartedOn(thirdParty);
    expect(conversation.settings).toMatchObject({ profileId: thirdParty, model: "echo" });
    const conversationId = conversation.id;
    const before = variant.requests.length;

    const sent = await call<ChatRun & { userMessage: ChatMessage }>("chat.send", {
      conversationId,
      content: "Still the third party?",
      searchWeb: false,
    });
    // The local gateway has no `echo`: sent there, this would be 404 MODEL_NOT_FOUND.
    expect(await finished(sent.streamId)).toMatchObject({ status: "complete", content: "Still the third party?" });
    const regenerated = await call<ChatRun>("chat.regenerate", { conversationId, searchWeb: false });
    expect(await finished(regenerated.streamId)).toMatchObject({
      status: "complete",
      content: "Still the third party?",
    });
    const edited = await call<ChatRun>("chat.edit", {
      conversationId,
      messageId: sent.userMessage.id,
      content: "Edited, still there?",
      searchWeb: false,
    });
    expect(await finished(edited.streamId)).toMatchObject({ status: "complete", content: "Edited, still there?" });
    const compared = await call<ComparisonRun>("chat.compare", {
      conversationId,
      content: "Both of you?",
      models: ["echo", "plain"],
    });
    const answers = await Promise.all(compared.columns.map((column) => finished(column.streamId)));
    expect(answers.map((answer) => [answer.status, answer.content])).toEqual([
      ["complete", "Both of you?"],
      ["complete", VARIANT_REPLY],
    ]);

    const chats = variant.requests.slice(before).filter((request) => request.path === "/v1/chat/completions");
    expect(chats).toHaveLength(5);
    expect(new Set(chats.map((request) => request.authorization))).toEqual(new Set([`Bearer ${THIRD_PARTY_KEY}`]));
    expect(profilesCalledFor(conversationId)).toEqual([thirdParty]);
    expect((await call<ProfilesState>("profiles.list")).activeId).toBe(local);
  });

  it("searches the web through its profile's server while a server without search is active", async () => {
    const conversation = await chatStartedOn(local);
    await call("profiles.select", { id: thirdParty });
    const before = variant.requests.length;
    const sent = await call<ChatRun>("chat.send", {
      conversationId: conversation.id,
      content: "How do budgets reset?",
      searchWeb: true,
    });
    const reply = await finished(sent.streamId);
    expect(reply).toMatchObject({ status: "complete", meta: { searched: true, model: "web-search" } });
    expect(reply.meta!.sources.length).toBeGreaterThan(0);
    expect(variant.requests.slice(before).filter((request) => request.method === "POST")).toEqual([]);
    expect(profilesCalledFor(conversation.id)).toEqual([local]);
    await call("profiles.select", { id: local });
  });

  it("is found by its profile's name and exported with it", async () => {
    const conversation = await chatStartedOn(thirdParty);
    await finished(
      (await call<ChatRun>("chat.send", { conversationId: conversation.id, content: "Hi", searchWeb: false })).streamId,
    );
    const { hits } = await call<ChatSearch>("chat.search", { query: "THIRD par" });
    expect(hits.map((each) => each.conversation.id)).toContain(conversation.id);
    expect(hits.every((each) => each.conversation.settings.profileId === thirdParty)).toBe(true);

    const markdown = await call<{ content: string }>("chat.export", {
      conversationId: conversation.id,
      format: "markdown",
    });
    expect(markdown.content).toContain("\nProfile: Third party\n");
    const json = await call<{ content: string }>("chat.export", { conversationId: conversation.id, format: "json" });
    expect(JSON.parse(json.content)).toMatchObject({ profile: { id: thirdParty, name: "Third party" } });
  });
});
