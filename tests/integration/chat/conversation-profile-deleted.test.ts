import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatRun, ConversationDetail, ConversationSummary } from "../../../shared/ipc/chat.ts";
import type { ProfilesState } from "../../../shared/ipc/profiles.ts";
import { ipcSteps } from "../../support/conversation-profile-steps.ts";
import { mainAgainstGateway } from "../../support/main-core-fixture.ts";
import { startVariantServer, type VariantServer } from "../../support/variant-server.ts";

const main = mainAgainstGateway();
const { call, refusal, finished, profile, profilesCalledFor } = ipcSteps(main);
let variant: VariantServer;

beforeAll(async () => {
  variant = await startVariantServer(["echo"]);
});
afterAll(() => variant.close());

describe("a conversation whose profile was deleted", () => {
  it("sends nothing and writes nothing until it is moved to another profile with a model there", async () => {
    const local = (await call<ProfilesState>("profiles.list")).activeId!;
    const doomed = await profile("Doomed", variant.url, "sk-variant-0000-0462");
    await call("profiles.select", { id: doomed });
    const { id: conversationId } = await call<ConversationSummary>("chat.create");
    const first = await call<ChatRun & { userMessage: { id: string } }>("chat.send", {
      conversationId,
      content: "Hello there",
      searchWeb: false,
    });
    expect(await finished(first.streamId)).toMatchObject({ status: "complete" });
    await call("profiles.remove", { id: doomed });
    const detail = () => call<ConversationDetail>("chat.get", { conversationId });
    expect((await detail()).conversation.settings.profileId).toBe(doomed);
    const requestsBefore = variant.requests.length;

    const refused = "CONVERSATION_PROFILE_DELETED";
    expect(await refusal("chat.send", { conversationId, content: "Anyone?", searchWeb: false })).toBe(refused);
    expect(await refusal("chat.regenerate", { conversationId, searchWeb: false })).toBe(refused);
    const edit = { conversationId, messageId: first.userMessage.id, content: "Edited", searchWeb: false };
    expect(await refusal("chat.edit", edit)).toBe(refused);
    const compare = { conversationId, content: "Both?", models: ["echo", "chat-fast"] };
    expect(await refusal("chat.compare", compare)).toBe(refused);
    expect((await detail()).messages.map((message) => message.content)).toEqual(["Hello there", "Hello there"]);
    expect(variant.requests.length).toBe(requestsBefore);

    // It still says which profile it had, by id, and that the profile is gone.
    const markdown = await call<{ content: string }>("chat.export", { conversationId, format: "markdown" });
    expect(markdown.content).toContain("\nProfile: (deleted)\n");
    const json = await call<{ content: string }>("chat.export", { conversationId, format: "json" });
    expect(JSON.parse(json.content)).toMatchObject({ profile: { id: doomed, name: null } });

    // Its other settings still change; it moves only to a profile that exists.
    const { settings } = (await detail()).conversation;
    await call("chat.updateSettings", { conversationId, settings: { ...settings, systemPrompt: "Be brief." } });
    const elsewhere = { ...settings, profileId: "no-such-profile" };
    expect(await refusal("chat.updateSettings", { conversationId, settings: elsewhere })).toBe("PROFILE_NOT_FOUND");

    // Move to profile…: the local gateway with a model it has; the conversation goes on there.
    const moved = { ...settings, systemPrompt: "Be brief.", profileId: local, model: "chat-fast" };
    await call("chat.updateSettings", { conversationId, settings: moved });
    const sent = await call<ChatRun>("chat.send", { conversationId, content: "Still here?", searchWeb: false });
    expect(await finished(sent.streamId)).toMatchObject({ status: "complete", meta: { model: "chat-fast" } });
    expect(profilesCalledFor(conversationId).sort()).toEqual([doomed, local].sort());
  });
});
