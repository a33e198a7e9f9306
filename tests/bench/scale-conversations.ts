import type { DatabaseSync } from "node:sqlite";
import { writeReply } from "../../electron/local-gateway/text/reply-writer.ts";
import { DEFAULT_CHAT_SETTINGS, type MessageMeta } from "../../shared/ipc/chat.ts";
import { paintedPng, sha256Of } from "../support/sample-files.ts";
import { YEAR_MS } from "./scale-ledger.ts";
import { seededId } from "../support/seeded-id.ts";

const TOPICS = ["a rate limiter", "SQLite's WAL", "React's effects", "a B-tree", "TLS", "a CSV parser", "OAuth"];
/** Questions sent with a file: a picture, or a text file sent inline. */
const ATTACHED_SHARE = 0.02;
const PICTURE = paintedPng(64, 64);
const TEXT_FILE = Buffer.from("id,amount\n1,0.25\n2,1.75\n".repeat(20));

export interface ConversationYear {
  readonly profileId: string;
  readonly conversations: number;
  /** Questions and replies in all: each conversation holds at least one of each. */
  readonly messages: number;
  readonly random: () => number;
  readonly now: number;
}

/** A question as people ask them: a line, sometimes with code pasted under it. */
function questionOf(topic: string, index: number, random: () => number): string {
  const line = `Question ${index}: how does ${topic} handle part ${Math.floor(random() * 100)}?`;
  if (random() > 0.3) return line;
  return `${line}\n\n\`\`\`ts\nconst value = compute(${index});\nif (value > limit) throw new Error("over");\n\`\`\``;
}

function metaOf(random: () => number, index: number): MessageMeta {
  return {
    model: "chat-fast",
    wireFormat: "chat-completions",
    searched: false,
    finish: "finished",
    stopSequence: null,
    inputTokens: Math.floor(50 + random() * 4000),
    outputTokens: Math.floor(200 + random() * 600),
    ttftMs: Math.floor(80 + random() * 400),
    totalMs: Math.floor(900 + random() * 5000),
    requestId: `req_reply_${index.toString(36)}`,
    sources: [],
  };
}

/**
 * Conversations over the year before `now`, their questions and replies (Markdown with lists,
 * code and tables) in the order they were written; a few long conversations, many short ones.
 * Returns each reply with its conversation, oldest first, for the ledger's chat calls.
 */
export function seedConversationsYear(db: DatabaseSync, year: ConversationYear) {
  const { random, conversations } = year;
  const turns = Math.max(conversations, Math.floor(year.messages / 2));
  // Each conversation has one turn; the rest go mostly to a few, as a user's favourites collect them.
  const owner = Int32Array.from({ length: turns }, (_, turn) =>
    turn < conversations ? turn : Math.floor(random() ** 2 * conversations),
  );
  const times = Float64Array.from({ length: turns }, (_, turn) =>
    Math.floor(year.now - YEAR_MS + ((turn + random()) / turns) * YEAR_MS),
  );
  const ids = Array.from({ length: conversations }, () => seededId(random));
  const first = new Float64Array(conversations).fill(Infinity);
  const last = new Float64Array(conversations);
  owner.forEach((conversation, turn) => {
    first[conversation] = Math.min(first[conversation] ?? Infinity, times[turn] ?? 0);
    last[conversation] = times[turn] ?? 0;
  });
  const conversation = db.prepare(
    "INSERT INTO conversations (id, title, settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
  );
  const settings = JSON.stringify({ ...DEFAULT_CHAT_SETTINGS, profileId: year.profileId });
  ids.forEach((id, index) =>
    conversation.run(id, `About ${TOPICS[index % TOPICS.length]} (${index})`, settings, first[index]!, last[index]!),
  );
  const message = db.prepare(
    `INSERT INTO messages (id, conversation_id, position, role, content, status, meta, created_at, parent_id)
     VALUES (?, ?, ?, ?, ?, 'complete', ?, ?, ?)`,
  );
  const attachment = db.prepare(
    "INSERT INTO message_attachments (id, message_id, position, name, kind, mime, bytes, sha256, data) VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?)",
  );
  const positions = new Int32Array(conversations);
  const leaves: (string | null)[] = ids.map(() => null);
  const replies: { conversationId: string; messageId: string }[] = [];
  owner.forEach((index, turn) => {
    const conversationId = ids[index]!;
    const at = times[turn]!;
    const question = questionOf(TOPICS[index % TOPICS.length]!, turn, random);
    const questionId = seededId(random);
    message.run(questionId, conversationId, positions[index]!++, "user", question, null, at, leaves[index]!);
    if (random() < ATTACHED_SHARE) {
      const [name, kind, mime, data] =
        turn % 2 === 0 ? ["chart.png", "image", "image/png", PICTURE] : ["amounts.csv", "text", "text/csv", TEXT_FILE];
      attachment.run(seededId(random), questionId, name, kind, mime, data.length, sha256Of(data), data);
    }
    const replyId = seededId(random);
    const reply = writeReply("chat-fast", [{ role: "user", content: question }]);
    const meta = JSON.stringify(metaOf(random, turn));
    message.run(replyId, conversationId, positions[index]!++, "assistant", reply, meta, at + 2000, questionId);
    leaves[index] = replyId;
    replies.push({ conversationId, messageId: replyId });
  });
  return replies;
}
