import fc from "fast-check";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHAT_SETTINGS } from "../../../shared/ipc/chat.ts";
import { FINISHED_META } from "../../support/chat-message.ts";
import { SEARCH_RESULTS_MAX } from "../../../shared/ipc/chat-search.ts";
import { matchRanges } from "../../../shared/text-matches.ts";
import { migrate } from "../../../electron/common/sqlite-migrations.ts";
import { searchConversations, type ProfileName } from "../../../electron/services/chat/conversation-search.ts";
import { ConversationStore } from "../../../electron/services/chat/conversation-store.ts";
import { indexSearchBacklogStep, searchBacklogBelow } from "../../../electron/services/chat/message-search-backfill.ts";
import { APP_MIGRATIONS, openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

const SEARCH_STEP = APP_MIGRATIONS.findIndex((step) => step.includes("CREATE VIRTUAL TABLE message_search"));
const SETTLED_STEP = APP_MIGRATIONS.findIndex((step) => step.includes("CREATE TABLE message_search_pending"));

function openStore() {
  const db = openAppDatabase(join(tempDir("search-"), "app.sqlite"));
  return { db, store: new ConversationStore(db) };
}

/** FTS5 reads every indexed message again and compares it with the index: it throws where they differ. */
const expectIndexInSync = (db: DatabaseSync) =>
  expect(() =>
    db.exec("INSERT INTO message_search (message_search, rank) VALUES ('integrity-check', 1)"),
  ).not.toThrow();

/** How many messages the index itself holds `text` in (a run of three characters at least). */
const indexed = (db: DatabaseSync, text: string) =>
  db.prepare("SELECT COUNT(*) AS n FROM message_search WHERE content LIKE ?").get(`%${text}%`)?.n;

const foundIds = (db: DatabaseSync, query: string, profiles: ProfileName[] = []) =>
  searchConversations(db, query, profiles).hits.map((hit) => hit.conversation.id);

/** What a search must find, read the slow way: every conversation not deleted whose title or a message holds the query. */
function expectedIds(db: DatabaseSync, query: string): string[] {
  const rows = db
    .prepare(
      `SELECT c.id AS id, c.title AS title, group_concat(m.content, char(0)) AS texts FROM conversations c
       LEFT JOIN messages m ON m.conversation_id = c.id WHERE c.deleted_at IS NULL GROUP BY c.id ORDER BY c.updated_at DESC`,
    )
    .all();
  return rows.flatMap(({ id, title, texts }) =>
    typeof id === "string" &&
    [title, ...String(texts ?? "").split("\u0000")].some(
      (text) => matchRanges(String(text), query.trim(), 1).length > 0,
    )
      ? [id]
      : [],
  );
}

function conversationWith(store: ConversationStore, ...contents: string[]) {
  const { id } = store.create(DEFAULT_CHAT_SETTINGS, "Untitled here");
  const messages = contents.map((content, index) =>
    store.appendMessage({
      conversationId: id,
      role: index % 2 === 0 ? "user" : "assistant",
      content,
      status: "complete",
    }),
  );
  return { id, messages };
}

describe("searching conversations", () => {
  it("keeps the index in step as messages are written, streamed, settled, deleted and their conversations restored", () => {
    const { db, store } = openStore();
    const { id, messages } = conversationWith(store, "Tell me about the Zebra population", "Zebras live in herds.");
    expect(foundIds(db, "zebra")).toEqual([id]);
    const reply = store.appendMessage({ conversationId: id, role: "assistant", content: "", status: "streaming" });
    store.writeReplyText(reply.id, "The okapi is a relative");
    // A streaming reply's flushes leave the index alone: it is indexed once, when it settles.
    expect(indexed(db, "okapi")).toBe(0);
    store.settleReply({
      id: reply.id,
      content: "The giraffe is tall",
      status: "complete",
      error: null,
      meta: FINISHED_META,
    });
    // Settled, not indexed yet (its done is on its way to the window): found from its text meanwhile.
    expect(indexed(db, "giraffe")).toBe(0);
    expect(searchConversations(db, "giraffe is tall", []).hits[0]?.found?.messageId).toBe(reply.id);
    store.indexSettled();
    expect(indexed(db, "giraffe")).toBe(1);
    expect(foundIds(db, "giraffe is tall")).toEqual([id]);
    expect(foundIds(db, "okapi")).toEqual([]);
    expectIndexInSync(db);

    store.edits.deleteMessage(id, messages[1]!.id);
    expect(searchConversations(db, "herds", []).hits).toEqual([]);
    expect(store.softDelete(id)).toBe(true);
    expect(foundIds(db, "zebra")).toEqual([]);
    store.restore(id);
    expect(foundIds(db, "zebra")).toEqual([id]);
    expectIndexInSync(db);
  });

  it("takes out of the index, on the upgrade, the replies the earlier triggers indexed while they streamed", () => {
    const file = join(tempDir("search-"), "app.sqlite");
    const old = new DatabaseSync(file);
    migrate(old, APP_MIGRATIONS.slice(0, SETTLED_STEP));
    const store = new ConversationStore(old);
    const { id } = conversationWith(store, "A question about kiwis");
    const reply = store.appendMessage({ conversationId: id, role: "assistant", content: "", status: "streaming" });
    old.prepare("UPDATE messages SET content = 'Half a reply on wombats' WHERE id = ?").run(reply.id);
    expect(indexed(old, "wombats")).toBe(1);
    old.close();
    const db = openAppDatabase(file);
    expect([indexed(db, "kiwis"), indexed(db, "wombats")]).toEqual([1, 0]);
    new ConversationStore(db).interruptUnfinishedReplies();
    expect(indexed(db, "wombats")).toBe(1);
    expectIndexInSync(db);
  });

  it("forgets the messages of conversations purged after their undo ran out", () => {
    const file = join(tempDir("search-"), "app.sqlite");
    const first = openAppDatabase(file);
    const { id } = conversationWith(new ConversationStore(first), "a message about lighthouses");
    first.prepare("UPDATE conversations SET deleted_at = 1 WHERE id = ?").run(id);
    first.close();
    const db = openAppDatabase(file);
    new ConversationStore(db);
    expect(db.prepare("SELECT COUNT(*) AS n FROM messages").get()).toEqual({ n: 0 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM message_search WHERE content LIKE '%lighthouse%'").get()).toEqual({
      n: 0,
    });
    expectIndexInSync(db);
  });

  it("shows the words around the first match, each match marked, on one line", () => {
    const { db, store } = openStore();
    const long = `${"word ".repeat(30)}the Needle\nand another needle ${"tail ".repeat(40)}`;
    const { messages } = conversationWith(store, long);
    const found = searchConversations(db, "needle", []).hits[0]?.found;
    expect(found?.messageId).toBe(messages[0]!.id);
    expect(found?.snippet).toMatch(/^….* the Needle and another needle .*…$/);
    expect(found?.marks.map(({ start, end }) => found.snippet.slice(start, end))).toEqual(["Needle", "needle"]);
  });

  it("finds Chinese text of three characters or more through the index, and of one or two from the text", () => {
    const { db, store } = openStore();
    const cjk = conversationWith(store, "我们的数据模型很好，索引也很快。");
    conversationWith(store, "Nothing in Chinese here");
    for (const query of ["数据模型", "索引也很快", "数据", "索", "很好，"]) {
      expect(foundIds(db, query), query).toEqual([cjk.id]);
      const found = searchConversations(db, query, []).hits[0]?.found;
      expect(found && found.snippet.slice(found.marks[0]!.start, found.marks[0]!.end)).toBe(query);
    }
    expect(foundIds(db, "模型很差")).toEqual([]);
  });

  it("takes whatever is typed as the text to find: quotes, stars, operators and LIKE's wildcards", () => {
    const { db, store } = openStore();
    const texts = [
      'say "hi" -now',
      "100% sure",
      "1000 items",
      "a_b and axb",
      "C:\\path\\file",
      "x OR y NEAR(z)",
      "it's",
    ];
    const ids = texts.map((text) => conversationWith(store, text).id);
    const expectations: [string, string[]][] = [
      ['"hi"', [ids[0]!]],
      ["-now", [ids[0]!]],
      ["100%", [ids[1]!]],
      ["a_b", [ids[3]!]],
      ["\\path\\", [ids[4]!]],
      ["OR y NEAR(", [ids[5]!]],
      ["it's", [ids[6]!]],
      ["*", []],
      ['"', [ids[0]!]],
      ["%", [ids[1]!]],
    ];
    for (const [query, expected] of expectations) expect(foundIds(db, query), query).toEqual(expected);
  });

  it("searches any string without throwing (fast-check)", () => {
    const { db, store } = openStore();
    conversationWith(store, "some text 😀 数据");
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 40 }), (query) => {
        expect(() => searchConversations(db, query, [])).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it("finds what a reading of every message finds, whatever the query (fast-check)", () => {
    const { db, store } = openStore();
    const corpus = [
      'Rate limiter "quoted" * OR - NOT ^ (a) {b} [c] 100% a_b \\ slash',
      "我们的数据模型很好，索引也很快。日本語のテキスト",
      "emoji 😀 family 👨‍👩‍👧 and ÄÖÜ straße",
      "tabs\tand\nnew lines",
    ];
    for (const text of corpus) conversationWith(store, text, text.toUpperCase());
    const fromCorpus = fc
      .tuple(fc.constantFrom(...corpus), fc.nat(), fc.integer({ min: 1, max: 8 }))
      .map(([text, at, length]) => text.slice(at % text.length, (at % text.length) + length));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }), fromCorpus), (query) => {
        if (query.trim() === "" || !query.isWellFormed()) return;
        expect(foundIds(db, query).sort()).toEqual(expectedIds(db, query).sort());
      }),
      { numRuns: 300 },
    );
  });

  it("lists the conversations with the most recent matches first, and says when more match", () => {
    const { db, store } = openStore();
    const ids = Array.from({ length: SEARCH_RESULTS_MAX + 5 }, (_, index) => {
      const { id } = conversationWith(store, `common words ${index}`);
      db.prepare("UPDATE conversations SET updated_at = ? WHERE id = ?").run(index, id);
      return id;
    });
    const { hits, more } = searchConversations(db, "common words", []);
    expect(more).toBe(true);
    expect(hits.map((hit) => hit.conversation.id)).toEqual(ids.slice(5).reverse());
    store.softDelete(ids[0]!);
    expect(searchConversations(db, "common words 0", []).hits).toEqual([]);
  });

  it("matches titles and profile names, without a message to jump to", () => {
    const { db, store } = openStore();
    const titled = store.create(DEFAULT_CHAT_SETTINGS, "Holiday plans");
    const onProfile = store.create({ ...DEFAULT_CHAT_SETTINGS, profileId: "p1" }, "Other");
    expect(searchConversations(db, "holiday", []).hits).toMatchObject([
      { conversation: { id: titled.id }, found: null },
    ]);
    expect(foundIds(db, "THIRD par", [{ id: "p1", name: "Third party" }])).toEqual([onProfile.id]);
    store.softDelete(titled.id);
    expect(foundIds(db, "holiday")).toEqual([]);
  });

  it("indexes the messages written before the upgrade a step at a time, and finds them all meanwhile", () => {
    const file = join(tempDir("search-"), "app.sqlite");
    const old = new DatabaseSync(file);
    migrate(old, APP_MIGRATIONS.slice(0, SEARCH_STEP));
    const written = Array.from({ length: 5 }, (_, index) =>
      conversationWith(new ConversationStore(old), ...Array.from({ length: 50 }, (_, n) => `tides ${index}-${n}`)),
    );
    old.close();
    const db = openAppDatabase(file);
    const store = new ConversationStore(db);
    const queries = ["tides", "tides 0-7", "0-", "tides 4-49"];
    const expectAllFound = () => {
      for (const query of queries) expect(foundIds(db, query).sort(), query).toEqual(expectedIds(db, query).sort());
    };
    expect(searchBacklogBelow(db)).not.toBeNull();
    expectAllFound();
    indexSearchBacklogStep(db);
    // Written, changed and deleted above the backlog's bound and below it while it lasts.
    conversationWith(store, "tides 9-9 written since");
    store.edits.deleteMessage(written[4]!.id, written[4]!.messages[49]!.id);
    store.edits.deleteMessage(written[0]!.id, written[0]!.messages[0]!.id);
    db.prepare("UPDATE messages SET content = 'tides 0-7 changed' WHERE id = ?").run(written[0]!.messages[7]!.id);
    expectAllFound();
    let steps = 1;
    while (indexSearchBacklogStep(db)) {
      steps++;
      expectAllFound();
    }
    expect(steps).toBeGreaterThan(1);
    expect(searchBacklogBelow(db)).toBeNull();
    expectIndexInSync(db);
    expectAllFound();
  });
});
