import { DocumentReader } from "../../../electron/services/documents/document-reader.ts";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import { DEFAULT_CHAT_SETTINGS } from "../../../shared/ipc/chat.ts";
import { FINISHED_META } from "../../support/chat-message.ts";
import type { Page } from "../../../electron/common/pages.ts";
import { ChatService } from "../../../electron/services/chat/chat-service.ts";
import { ConversationStore } from "../../../electron/services/chat/conversation-store.ts";
import type { AskedWith, ReplyProducer, ReplyRun } from "../../../electron/services/chat/reply-producer.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";
import type { ProfileVault } from "../../../electron/services/vault/profile-vault.ts";
import { workVault } from "../../support/work-vault.ts";
import { uncheckedServer } from "../../support/unchecked-server.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex").toString("base64");
const page = { id: "page-1" } as unknown as Page;

/** A chat service over a real conversation store and vault; replies are recorded, not produced. */
function chat(capabilities: Partial<ServerCapabilities> = {}, models?: { chat: string[] }) {
  const db = openAppDatabase(join(tempDir("chat-service-"), "app.sqlite"));
  const store = new ConversationStore(db);
  const { vault, profile } = workVault(models ? { search: [], image: [], video: [], ...models } : undefined);
  const opened: ReplyRun[] = [];
  const server = uncheckedServer(profile.id, capabilities);
  const replies = {
    askedWith: (conversationId: string): AskedWith => ({
      settings: store.summary(conversationId).settings,
      profileId: profile.id,
      capabilities: server,
    }),
    context: (conversationId: string, { settings, profileId }: AskedWith) => ({
      settings,
      profileId,
      messages: store.turns(conversationId),
    }),
    open: (_page: Page, run: ReplyRun) => {
      opened.push(run);
      return `stream-${opened.length}`;
    },
  } as unknown as ReplyProducer;
  const service = new ChatService(store, vault, () => server, replies, new DocumentReader());
  return { service, store, opened, profile, db };
}

describe("the chat service", () => {
  it("gives a new conversation the active profile and its chat model, else the first chat model its server lists", () => {
    const { service, profile } = chat({}, { chat: ["chat-pro"] });
    expect(service.defaultSettings()).toEqual({ ...DEFAULT_CHAT_SETTINGS, profileId: profile.id, model: "chat-pro" });
    expect(chat({ models: ["image-pro", "chat-large"] }).service.defaultSettings().model).toBe("chat-large");
    expect(chat().service.defaultSettings().model).toBe(DEFAULT_CHAT_SETTINGS.model);
  });

  it("writes the question with its reply's row, then opens the reply on the conversation, answering the question", async () => {
    const { service, store, opened } = chat();
    const { id } = store.create(DEFAULT_CHAT_SETTINGS);
    const run = await service.send(page, id, "Hello?", false);
    expect(run.userMessage).toMatchObject({ role: "user", content: "Hello?", status: "complete" });
    // Written together, in one commit: the reply's row is there, streaming and empty, before anything is sent.
    expect(store.messages(id).map(({ id, content, status }) => [id, content, status])).toEqual([
      [run.userMessage.id, "Hello?", "complete"],
      [run.assistantMessageId, "", "streaming"],
    ]);
    expect(opened).toEqual([expect.objectContaining({ conversationId: id, searchWeb: false, rowWritten: true })]);
    expect(opened[0]!.messages.map((turn) => turn.content)).toEqual(["Hello?"]);
    expect(run).toMatchObject({ streamId: "stream-1", assistantMessageId: opened[0]!.assistantMessageId });
    expect(opened[0]!.assistantMessageId).toMatch(/^[0-9a-f-]{36}$/);
    await service.send(page, id, "Search this", true);
    expect(opened[1]).toMatchObject({ searchWeb: true });
  });

  it("refuses web search a server is known not to offer before writing or sending anything", async () => {
    const { service, store, opened } = chat({
      features: { balance: "unknown", messages: "unknown", search: "missing", images: "unknown", video: "unknown" },
    });
    const { id } = store.create(DEFAULT_CHAT_SETTINGS);
    await expect(service.send(page, id, "Search this", true)).rejects.toThrow(
      expect.objectContaining({ code: "NOT_OFFERED", message: "This server does not offer /v1/search/completions." }),
    );
    expect(() => service.regenerate(page, id, true)).toThrow(expect.objectContaining({ code: "NOT_OFFERED" }));
    expect(() => service.edit(page, id, "any", "Search this", true)).toThrow(
      expect.objectContaining({ code: "NOT_OFFERED" }),
    );
    expect(store.messages(id)).toEqual([]);
    expect(opened).toEqual([]);
    await service.send(page, id, "No search", false);
    expect(opened).toHaveLength(1);
  });

  it("refuses images for a model known to refuse them before writing or sending anything", async () => {
    const { service, store, opened } = chat({ imageInput: { "chat-fast": "refuses" } });
    const { id } = store.create(DEFAULT_CHAT_SETTINGS);
    const image = { name: "a.png", data: PNG };
    await expect(service.send(page, id, "What is this?", false, [image])).rejects.toThrow(
      expect.objectContaining({ code: "IMAGES_NOT_ACCEPTED" }),
    );
    expect(store.messages(id)).toEqual([]);
    expect(opened).toEqual([]);
  });

  it("answers a regenerated reply and an edited question anew, keeping the earlier versions", async () => {
    const { service, store, opened } = chat();
    const { id } = store.create(DEFAULT_CHAT_SETTINGS);
    const { userMessage, assistantMessageId } = await service.send(page, id, "First question", false);
    store.settleReply({
      id: assistantMessageId,
      content: "First answer",
      status: "complete",
      error: null,
      meta: FINISHED_META,
    });
    const regenerated = service.regenerate(page, id, false);
    expect(regenerated.streamId).toBe("stream-2");
    const edited = service.edit(page, id, userMessage.id, "Second question", false);
    expect(edited.streamId).toBe("stream-3");
    // The shown path goes on from the edited question; the first question and its answers stay as earlier versions.
    expect(store.messages(id).map((message) => [message.role, message.content, message.status])).toEqual([
      ["user", "Second question", "complete"],
    ]);
    expect(opened.map((run) => run.conversationId)).toEqual([id, id, id]);
  });

  it("marks replies a crash left streaming as interrupted when it starts", () => {
    const { store, db } = chat();
    const { id } = store.create(DEFAULT_CHAT_SETTINGS);
    store.appendMessage({ conversationId: id, role: "user", content: "Hi", status: "complete" });
    const streaming = store.appendMessage({
      conversationId: id,
      role: "assistant",
      content: "Hal",
      status: "streaming",
    });
    const replies = {} as ReplyProducer;
    const vault = {} as ProfileVault;
    new ChatService(new ConversationStore(db), vault, () => ({}) as ServerCapabilities, replies, new DocumentReader());
    expect(store.messages(id).find((message) => message.id === streaming.id)?.status).toBe("interrupted");
  });

  it("indexes for search when it starts the replies a crash left streaming, or settled but not yet indexed", () => {
    const { store, db } = chat();
    const { id } = store.create(DEFAULT_CHAT_SETTINGS);
    store.appendMessage({ conversationId: id, role: "user", content: "Hi", status: "complete" });
    const streaming = { conversationId: id, role: "assistant", status: "streaming" } as const;
    store.appendMessage({ ...streaming, content: "Half of an okapi" });
    const settled = store.appendMessage({ ...streaming, content: "" });
    store.settleReply({
      id: settled.id,
      content: "The giraffe is tall",
      status: "complete",
      error: null,
      meta: FINISHED_META,
    });
    const indexed = (text: string) =>
      db.prepare("SELECT COUNT(*) AS n FROM message_search WHERE content LIKE ?").get(`%${text}%`)?.n;
    expect([indexed("okapi"), indexed("giraffe")]).toEqual([0, 0]);
    const replies = {} as ReplyProducer;
    const vault = {} as ProfileVault;
    new ChatService(new ConversationStore(db), vault, () => ({}) as ServerCapabilities, replies, new DocumentReader());
    expect([indexed("okapi"), indexed("giraffe")]).toEqual([1, 1]);
  });

  it("lets a model that refuses images have text files, web searches, and replies to questions without images", async () => {
    const { service, store, opened } = chat({ imageInput: { "chat-fast": "refuses" } });
    const { id } = store.create(DEFAULT_CHAT_SETTINGS);
    const notes = { name: "notes.txt", data: Buffer.from("plain notes").toString("base64") };
    const { userMessage } = await service.send(page, id, "Read this", false, [notes]);
    service.regenerate(page, id, false);
    service.edit(page, id, userMessage.id, "Read this again", false);
    await service.send(page, id, "Just words", false);
    await service.send(page, id, "Search with this", true, [{ name: "a.png", data: PNG }]);
    expect(opened).toHaveLength(5);
  });

  it("refuses a message while a compared question waits for its answer to be chosen", async () => {
    const { service, store, opened } = chat();
    const { id } = store.create(DEFAULT_CHAT_SETTINGS);
    const question = store.appendMessage({ conversationId: id, role: "user", content: "Which?", status: "complete" });
    store.comparisons.create(id, question.id, [{ model: "chat-fast", messageId: crypto.randomUUID() }]);
    await expect(service.send(page, id, "Next", false)).rejects.toThrow(
      expect.objectContaining({ code: "CHOOSE_AN_ANSWER" }),
    );
    expect(store.messages(id).map((message) => message.content)).toEqual(["Which?"]);
    expect(opened).toEqual([]);
  });
});
