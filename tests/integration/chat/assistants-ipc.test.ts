import { describe, expect, it } from "vitest";
import type { Assistant, AssistantsImported } from "../../../shared/ipc/assistants.ts";
import type { ConversationSummary } from "../../../shared/ipc/chat.ts";
import type { Result } from "../../../shared/ipc/result.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { mainAgainstGateway } from "../../support/main-core-fixture.ts";
import { waitUntil } from "../../support/local-gateway.ts";

const main = mainAgainstGateway();
const { page } = recordingPage();

const TRANSLATOR = {
  name: "  Traducteur  ",
  avatar: "🇫🇷",
  systemPrompt: "Translate into French.",
  model: "chat-pro",
  modelSetId: null,
  wireFormat: "chat-completions",
  temperature: 0.2,
  topP: 1,
  maxTokens: 512,
  stream: true,
  documents: [],
};

type Started = { conversation: ConversationSummary; compareModels: string[] | null };

async function call<T>(channel: string, payload: unknown): Promise<T> {
  const result = await main.core.route(channel, payload, page);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.data as T;
}

/** The code of the sentence a refusal names as its cause, and that sentence's values. */
async function refusal(channel: string, payload: unknown) {
  const result: Result<unknown> = await main.core.route(channel, payload, page);
  if (result.ok) throw new Error(`${channel} accepted ${JSON.stringify(payload)}`);
  return { code: result.error.code, cause: result.error.text?.cause ?? result.error.text ?? null };
}

/** Sends a message in the conversation and waits for its reply to end. */
async function replyTo(conversationId: string) {
  await main.services.chat.send(page, conversationId, "Good morning", false);
  return waitUntil(
    async () => main.services.conversations.detail(conversationId).messages.at(-1),
    (message) => message?.role === "assistant" && message.status === "complete",
  );
}

describe("assistants over IPC", () => {
  it("saves an assistant with its name trimmed, and lists it beside the built-ins", async () => {
    const saved = await call<Assistant>("assistants.save", TRANSLATOR);
    expect(saved).toMatchObject({ ...TRANSLATOR, name: "Traducteur", id: expect.any(String) });
    const listed = await call<Assistant[]>("assistants.list", undefined);
    expect(listed.map((assistant) => assistant.name)).toEqual(expect.arrayContaining(["Summariser", "Traducteur"]));
  });

  it.each([
    ["an empty name", { name: "   " }, "NAME_REQUIRED", {}],
    ["two letters as the avatar", { avatar: "ab" }, "AVATAR_INVALID", {}],
    ["temperature 1.5 for Messages", { wireFormat: "messages", temperature: 1.5 }, "TEMPERATURE_RANGE", { max: 1 }],
    ["top_p 2", { topP: 2 }, "TOP_P_INVALID", {}],
    ["max tokens above the limit", { maxTokens: 200_001 }, "MAX_TOKENS_INVALID", {}],
    ["five documents", { documents: Array(5).fill({ name: "a", text: "", pages: null }) }, "DOCUMENTS_TOO_MANY", {}],
    [
      "a document too long",
      { documents: [{ name: "a", text: "x".repeat(200_001), pages: 1 }] },
      "DOCUMENT_TOO_LONG",
      {},
    ],
  ])("refuses %s with its coded reason", async (_, change, code, params) => {
    const { code: refused, cause } = await refusal("assistants.save", { ...TRANSLATOR, ...change });
    expect(refused).toBe("INVALID_PAYLOAD");
    expect(cause).toMatchObject({ code, params });
  });

  it("starts a conversation with an assistant, shows it, and reuses it until something is written", async () => {
    const translator = await call<Assistant>("assistants.save", TRANSLATOR);
    const { conversation } = await call<Started>("chat.newWithAssistant", { assistantId: translator.id });
    expect(conversation.settings).toMatchObject({ systemPrompt: "Translate into French.", model: "chat-pro" });
    expect(conversation.assistant).toEqual({ id: translator.id, name: "Traducteur", avatar: "🇫🇷" });
    const again = await call<Started>("chat.newWithAssistant", { assistantId: translator.id });
    expect(again.conversation.id).toBe(conversation.id);
    expect((await replyTo(conversation.id))!.meta!.model).toBe("chat-pro");
  });

  it("sends the assistant's documents with every request of its conversations", async () => {
    const bare = { ...TRANSLATOR, systemPrompt: "" };
    const withDocuments = await call<Assistant>("assistants.save", {
      ...bare,
      name: "Reader",
      documents: [{ name: "notes.md", text: "The answer is 42.", pages: null }],
    });
    const without = await call<Assistant>("assistants.save", { ...bare, name: "Plain" });
    const read = await call<Started>("chat.newWithAssistant", { assistantId: withDocuments.id });
    // The local gateway's reply says when a system prompt came with the request.
    expect((await replyTo(read.conversation.id))!.content).toContain("following the system prompt");
    const plain = await call<Started>("chat.newWithAssistant", { assistantId: without.id });
    expect((await replyTo(plain.conversation.id))!.content).not.toContain("following the system prompt");
  });

  it("exports its assistants and imports them as new ones, saying what it skipped", async () => {
    const saved = await call<Assistant>("assistants.save", { ...TRANSLATOR, name: "Exported" });
    const file = await call<{ fileName: string; content: string }>("assistants.export", { assistantId: saved.id });
    expect(file.fileName).toBe("Exported.assistant.json");
    const parsed = JSON.parse(file.content);
    const text = JSON.stringify({ ...parsed, assistants: [...parsed.assistants, { name: 3 }] });
    const result = await call<AssistantsImported>("assistants.import", { text });
    expect(result.imported.map((assistant) => assistant.name)).toEqual(["Exported (2)"]);
    expect(result.skipped).toEqual([
      { index: 1, name: null, reason: expect.objectContaining({ code: "ASSISTANT_FIELD_INVALID" }) },
    ]);
    expect(await refusal("assistants.import", { text: "not json" })).toMatchObject({
      code: "ASSISTANTS_FILE_NOT_JSON",
    });
  });

  it("deletes an assistant; starting with a deleted one is refused with a code", async () => {
    const saved = await call<Assistant>("assistants.save", TRANSLATOR);
    expect(await call("assistants.delete", { assistantId: saved.id })).toEqual({ deleted: true });
    expect(await call("assistants.delete", { assistantId: saved.id })).toEqual({ deleted: false });
    expect(await refusal("chat.newWithAssistant", { assistantId: saved.id })).toEqual({
      code: "ASSISTANT_NOT_FOUND",
      cause: { code: "ASSISTANT_NOT_FOUND", params: {} },
    });
  });
});
