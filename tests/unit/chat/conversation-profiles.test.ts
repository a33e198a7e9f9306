import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHAT_SETTINGS } from "../../../shared/ipc/chat.ts";
import { assignConversationProfiles } from "../../../electron/services/chat/conversation-profiles.ts";
import { ConversationStore } from "../../../electron/services/chat/conversation-store.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

const PROFILES = [{ id: "local" }, { id: "third-party" }, { id: "work" }];

function openStore() {
  const db = openAppDatabase(join(tempDir("conversation-profiles-"), "app.sqlite"));
  return { db, store: new ConversationStore(db) };
}

/** A conversation as an older version stored it: settings without a profile (or with null). */
function stored(db: DatabaseSync, id: string, settings: object) {
  db.prepare("INSERT INTO conversations (id, title, settings, created_at, updated_at) VALUES (?, ?, ?, 1, 1)").run(
    id,
    id,
    JSON.stringify(settings),
  );
}

let startedAt = 1_000;
/** A call of the conversation in the request log, through a profile, answered with `status`. */
function call(db: DatabaseSync, conversationId: string, profileId: string, status: number | null, kind = "chat") {
  db.prepare(
    `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, kind, status, conversation_id)
     VALUES (?, ?, 'POST', '/v1/chat/completions', 5, ?, ?, ?)`,
  ).run(profileId, (startedAt += 1_000), kind, status, conversationId);
}

const { model: _model, profileId: _profileId, ...olderSettings } = DEFAULT_CHAT_SETTINGS;

describe("conversations stored before they kept their profile", () => {
  it("each take the profile whose server last answered them, if it still exists, else the active one", () => {
    const { db, store } = openStore();
    const { model } = DEFAULT_CHAT_SETTINGS;
    stored(db, "answered-elsewhere", { ...olderSettings, model: "gpt-5.2" });
    // Its last call failed on the active profile (the bug this fixes): the one that answered counts.
    call(db, "answered-elsewhere", "third-party", 200);
    call(db, "answered-elsewhere", "local", 404);
    stored(db, "searched", { ...olderSettings, model, profileId: null });
    call(db, "searched", "third-party", 200);
    call(db, "searched", "work", 200, "search");
    stored(db, "answered-by-a-deleted-profile", { ...olderSettings, model, profileId: null });
    call(db, "answered-by-a-deleted-profile", "gone", 200);
    stored(db, "never-sent", { ...olderSettings, model, profileId: null });
    stored(db, "already-its-own", { ...olderSettings, model, profileId: "gone" });

    expect(assignConversationProfiles(db, PROFILES, "local")).toBe(4);
    const profileOf = (id: string) => store.summary(id).settings.profileId;
    expect(profileOf("answered-elsewhere")).toBe("third-party");
    expect(store.summary("answered-elsewhere").settings.model).toBe("gpt-5.2");
    expect(profileOf("searched")).toBe("work");
    expect(profileOf("answered-by-a-deleted-profile")).toBe("local");
    expect(profileOf("never-sent")).toBe("local");
    // A conversation that has its profile keeps it, even one deleted since: it is moved by the user.
    expect(profileOf("already-its-own")).toBe("gone");
    // Run at every start, it finds nothing more to do.
    expect(assignConversationProfiles(db, PROFILES, "work")).toBe(0);
    expect(profileOf("never-sent")).toBe("local");
  });

  it("keeps a conversation's profile when the rest of its settings no longer fit", () => {
    const { db, store } = openStore();
    stored(db, "odd", { ...olderSettings, model: "chat-fast", profileId: "work", temperature: 99 });
    expect(store.summary("odd").settings).toEqual({ ...DEFAULT_CHAT_SETTINGS, profileId: "work" });
  });
});
