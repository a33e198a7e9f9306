import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHAT_SETTINGS, type ChatSettings } from "../../../shared/ipc/chat.ts";
import type { PresetInput } from "../../../shared/ipc/presets.ts";
import { ConversationStore } from "../../../electron/services/chat/conversation-store.ts";
import { PresetStore } from "../../../electron/services/presets/preset-store.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

const TRANSLATOR: PresetInput = {
  name: "Translator",
  systemPrompt: "Translate into French.",
  model: "chat-pro",
  wireFormat: "chat-completions",
  temperature: 0.2,
  topP: 0.9,
  maxTokens: 512,
  stream: false,
};

const PROFILE_DEFAULTS: ChatSettings = { ...DEFAULT_CHAT_SETTINGS, model: "chat-fast", stopSequences: [] };

function open(file = join(tempDir("presets-"), "app.sqlite")) {
  const db = openAppDatabase(file);
  return { db, file, presets: new PresetStore(db), conversations: new ConversationStore(db) };
}

describe("the preset store", () => {
  it("keeps presets across a reopen of the database file, listed by name", () => {
    const first = open();
    const translator = first.presets.save(TRANSLATOR);
    first.presets.save({ ...TRANSLATOR, name: "editor", model: "" });
    first.db.close();

    const second = open(first.file);
    expect(second.presets.list().map((preset) => preset.name)).toEqual(["editor", "Translator"]);
    const { createdAt, updatedAt, ...stored } = second.presets.get(translator.id);
    expect(stored).toEqual({ ...TRANSLATOR, id: translator.id });
    expect(Date.parse(updatedAt)).toBeGreaterThanOrEqual(Date.parse(createdAt));
  });

  it("replaces a preset saved with its id, and refuses an id it does not hold", () => {
    const { presets } = open();
    const saved = presets.save(TRANSLATOR);
    const renamed = presets.save({ ...TRANSLATOR, id: saved.id, name: "French", temperature: 0.7 });
    expect(renamed).toMatchObject({ id: saved.id, name: "French", temperature: 0.7 });
    expect(presets.list()).toHaveLength(1);
    expect(() => presets.save({ ...TRANSLATOR, id: "no-such-preset" })).toThrow(
      expect.objectContaining({ code: "PRESET_NOT_FOUND" }),
    );
  });

  it("deletes a preset once", () => {
    const { presets } = open();
    const saved = presets.save(TRANSLATOR);
    expect(presets.delete(saved.id)).toBe(true);
    expect(presets.delete(saved.id)).toBe(false);
    expect(() => presets.get(saved.id)).toThrow(expect.objectContaining({ code: "PRESET_NOT_FOUND" }));
  });

  it("gives a conversation its settings, with the profile's default model when it names none", () => {
    const { presets } = open();
    const translator = presets.save(TRANSLATOR);
    expect(presets.conversationSettings(translator.id, PROFILE_DEFAULTS)).toEqual({
      ...PROFILE_DEFAULTS,
      systemPrompt: "Translate into French.",
      model: "chat-pro",
      temperature: 0.2,
      topP: 0.9,
      maxTokens: 512,
      stream: false,
    });
    const openModel = presets.save({ ...TRANSLATOR, model: "" });
    expect(presets.conversationSettings(openModel.id, PROFILE_DEFAULTS).model).toBe("chat-fast");
  });

  it("reads a row whose settings no longer fit with a new conversation's settings, keeping its name", () => {
    const { db, presets } = open();
    const saved = presets.save(TRANSLATOR);
    db.prepare("UPDATE presets SET settings = ? WHERE id = ?").run('{"temperature":"hot"}', saved.id);
    expect(presets.get(saved.id)).toMatchObject({ name: "Translator", model: "", temperature: 1, systemPrompt: "" });
  });
});

describe("starting a conversation from a preset", () => {
  it("reuses the newest empty untitled conversation with the preset's settings, else makes one", () => {
    const { presets, conversations } = open();
    const settings = presets.conversationSettings(presets.save(TRANSLATOR).id, PROFILE_DEFAULTS);
    const empty = conversations.create(PROFILE_DEFAULTS);

    const started = conversations.startWith(settings);
    expect(started.id).toBe(empty.id);
    expect(started.settings).toEqual(settings);
    expect(conversations.startWith(settings).id).toBe(empty.id);
    expect(conversations.list()).toHaveLength(1);

    conversations.appendMessage({ conversationId: empty.id, role: "user", content: "Bonjour", status: "complete" });
    const next = conversations.startWith(settings);
    expect(next.id).not.toBe(empty.id);
    expect(conversations.list()).toHaveLength(2);
  });

  it("leaves an empty conversation the user named to its own settings", () => {
    const { presets, conversations } = open();
    const settings = presets.conversationSettings(presets.save(TRANSLATOR).id, PROFILE_DEFAULTS);
    const named = conversations.create(PROFILE_DEFAULTS, "Ideas for later");
    const started = conversations.startWith(settings);
    expect(started.id).not.toBe(named.id);
    expect(conversations.summary(named.id).settings).toEqual(PROFILE_DEFAULTS);
  });
});
