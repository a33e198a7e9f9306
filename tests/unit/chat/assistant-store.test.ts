import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHAT_SETTINGS, type ChatSettings } from "../../../shared/ipc/chat.ts";
import { avatarOf, AssistantInputSchema, type AssistantInput } from "../../../shared/ipc/assistants.ts";
import { ConversationStore } from "../../../electron/services/chat/conversation-store.ts";
import { ModelSetStore } from "../../../electron/services/chat/model-set-store.ts";
import { ConversationToolStore } from "../../../electron/services/chat/conversation-tool-store.ts";
import { DEFAULT_TURN_COST_CAP, NO_TOOLS } from "../../../shared/ipc/conversation-tools.ts";
import { AssistantStore } from "../../../electron/services/assistants/assistant-store.ts";
import { settingsFrom, startWithAssistant } from "../../../electron/services/assistants/assistant-start.ts";
import { APP_MIGRATIONS, openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

const TRANSLATOR: AssistantInput = {
  name: "Translator FR",
  avatar: "🇫🇷",
  systemPrompt: "Translate into French.",
  model: "chat-pro",
  modelSetId: null,
  wireFormat: "chat-completions",
  temperature: 0.2,
  topP: 0.9,
  maxTokens: 512,
  stream: false,
  documents: [{ name: "glossary.md", text: "chat: cat", pages: null }],
  tools: { servers: [], turnCostCap: 0.5 },
};

const BUILT_INS = ["Code reviewer", "Summariser", "Translator"];
const PROFILE_DEFAULTS: ChatSettings = { ...DEFAULT_CHAT_SETTINGS, model: "chat-fast", stopSequences: [] };

function open(file = join(tempDir("assistants-"), "app.sqlite")) {
  const db = openAppDatabase(file);
  const stores = {
    assistants: new AssistantStore(db),
    conversations: new ConversationStore(db),
    modelSets: new ModelSetStore(db),
    conversationTools: new ConversationToolStore(db),
  };
  return { db, file, ...stores, stores };
}

const names = (store: AssistantStore) => store.list().map((assistant) => assistant.name);

describe("the assistant store", () => {
  it("starts with the built-ins, editable, and one deleted never comes back", () => {
    const first = open();
    expect(names(first.assistants)).toEqual(BUILT_INS);
    const [reviewer, summariser] = first.assistants.list();
    expect(summariser).toMatchObject({ avatar: "📝", model: "", documents: [], modelSetId: null });
    expect(summariser!.systemPrompt).toMatch(/summarise/);
    first.assistants.save({ ...TRANSLATOR, id: summariser!.id, name: "Digest" });
    expect(first.assistants.delete(reviewer!.id)).toBe(true);
    first.db.close();

    const second = open(first.file);
    expect(names(second.assistants)).toEqual(["Digest", "Translator"]);
  });

  it("keeps an assistant across a reopen, its documents included", () => {
    const first = open();
    const saved = first.assistants.save(TRANSLATOR);
    first.db.close();
    const { createdAt, updatedAt, ...stored } = open(first.file).assistants.get(saved.id);
    expect(stored).toEqual({ ...TRANSLATOR, id: saved.id });
    expect(Date.parse(updatedAt)).toBeGreaterThanOrEqual(Date.parse(createdAt));
  });

  it("replaces an assistant saved with its id, refuses an id it does not hold, deletes once", () => {
    const { assistants } = open();
    const saved = assistants.save(TRANSLATOR);
    expect(assistants.save({ ...TRANSLATOR, id: saved.id, temperature: 0.7 })).toMatchObject({ temperature: 0.7 });
    expect(() => assistants.save({ ...TRANSLATOR, id: "no-such-assistant" })).toThrow(
      expect.objectContaining({ code: "ASSISTANT_NOT_FOUND" }),
    );
    expect(assistants.delete(saved.id)).toBe(true);
    expect(assistants.delete(saved.id)).toBe(false);
    expect(assistants.documentsOf(saved.id)).toEqual([]);
  });

  it("reads a row whose settings no longer fit with a new conversation's settings, keeping its name", () => {
    const { db, assistants } = open();
    const saved = assistants.save(TRANSLATOR);
    db.prepare("UPDATE assistants SET settings = ? WHERE id = ?").run('{"temperature":"hot"}', saved.id);
    expect(assistants.get(saved.id)).toMatchObject({ name: "Translator FR", model: "", temperature: 1, documents: [] });
  });

  it("keeps the prompt presets of an earlier version as assistants", () => {
    const file = join(tempDir("assistants-"), "app.sqlite");
    const before = new DatabaseSync(file);
    const presetsAt = APP_MIGRATIONS.findIndex((sql) => sql.includes("CREATE TABLE presets"));
    before.exec(APP_MIGRATIONS.slice(0, presetsAt + 1).join("\n"));
    before.exec(`PRAGMA user_version = ${presetsAt + 1}`);
    const settings =
      '{"systemPrompt":"Be brief.","model":"","wireFormat":"messages","temperature":0.5,"topP":1,"maxTokens":256,"stream":true}';
    before.prepare("INSERT INTO presets VALUES ('old', 'Brief', ?, 1, 1)").run(settings);
    before.close();
    expect(open(file).assistants.get("old")).toMatchObject({
      name: "Brief",
      avatar: "",
      documents: [],
      temperature: 0.5,
      tools: { servers: [], turnCostCap: DEFAULT_TURN_COST_CAP },
    });
  });
});

describe("an assistant's fields", () => {
  it.each([
    ["a letter", "T", true],
    ["an emoji with a skin tone", "👍🏽", true],
    ["a flag", "🇫🇷", true],
    ["a family", "👨‍👩‍👧‍👦", true],
    ["a Chinese character", "译", true],
    ["two letters", "ab", false],
    ["two emoji", "🙂🙂", false],
    ["a punctuation mark", "?", false],
  ])("takes as its avatar %s: %s", (_, avatar, valid) => {
    expect(AssistantInputSchema.safeParse({ ...TRANSLATOR, avatar }).success).toBe(valid);
  });

  it("shows the name's first letter where it has no avatar", () => {
    expect(avatarOf({ name: " écrivain", avatar: "" })).toBe("É");
    expect(avatarOf({ name: "x", avatar: "🙂" })).toBe("🙂");
  });
});

describe("starting a conversation with an assistant", () => {
  it("reuses the newest empty untitled conversation, records the assistant, else makes one", () => {
    const { assistants, conversations, stores } = open();
    const translator = assistants.save(TRANSLATOR);
    const empty = conversations.create(PROFILE_DEFAULTS);

    const { conversation, compareModels } = startWithAssistant(stores, translator.id, PROFILE_DEFAULTS);
    expect(conversation.id).toBe(empty.id);
    expect(conversation.settings).toEqual(settingsFrom(translator, PROFILE_DEFAULTS, null));
    expect(conversation.assistant).toEqual({ id: translator.id, name: "Translator FR", avatar: "🇫🇷" });
    expect(compareModels).toBeNull();

    conversations.appendMessage({ conversationId: empty.id, role: "user", content: "Bonjour", status: "complete" });
    expect(startWithAssistant(stores, translator.id, PROFILE_DEFAULTS).conversation.id).not.toBe(empty.id);
    // Kept after the assistant is deleted: the header still names it.
    assistants.delete(translator.id);
    expect(conversations.summary(empty.id).assistant?.name).toBe("Translator FR");
  });

  it("opens Compare with the model set's models, the first as the conversation's model", () => {
    const { assistants, modelSets, stores } = open();
    const set = modelSets.save("Pair", ["chat-pro", "chat-fast"]);
    const compared = assistants.save({ ...TRANSLATOR, model: "", modelSetId: set.id });
    const started = startWithAssistant(stores, compared.id, PROFILE_DEFAULTS);
    expect(started.compareModels).toEqual(["chat-pro", "chat-fast"]);
    expect(started.conversation.settings.model).toBe("chat-pro");
  });

  it("gives New chat a reused conversation without the assistant, and leaves a named one alone", () => {
    const { assistants, conversations, stores } = open();
    const translator = assistants.save(TRANSLATOR);
    const named = conversations.create(PROFILE_DEFAULTS, "Ideas for later");
    const started = startWithAssistant(stores, translator.id, PROFILE_DEFAULTS).conversation;
    expect(started.id).not.toBe(named.id);
    expect(conversations.summary(named.id).settings).toEqual(PROFILE_DEFAULTS);
    const plain = conversations.createOrReuseEmpty(PROFILE_DEFAULTS);
    expect(plain.id).toBe(started.id);
    expect(plain.assistant).toBeNull();
  });

  it("offers the assistant's tools under its cost cap, and a reused New chat offers none", () => {
    const { assistants, conversations, conversationTools, stores } = open();
    const tooled = assistants.save({ ...TRANSLATOR, tools: { servers: ["files", "search"], turnCostCap: 0.25 } });
    const started = startWithAssistant(stores, tooled.id, PROFILE_DEFAULTS).conversation;
    expect(conversationTools.get(started.id)).toEqual({
      servers: ["files", "search"],
      alwaysAllowed: [],
      turnCostCap: 0.25,
    });
    const plain = conversations.createOrReuseEmpty(PROFILE_DEFAULTS);
    expect(plain.id).toBe(started.id);
    expect(conversationTools.get(plain.id)).toEqual(NO_TOOLS);
  });
});
