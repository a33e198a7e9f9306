import type { DatabaseSync } from "node:sqlite";

const DAY_MS = 86_400_000;
/** A year: the span the large profile's ledger and readings cover, at every size. */
export const YEAR_MS = 365 * DAY_MS;

/** The calls of a year of heavy use, with their share of the ledger: mostly polls and readings. */
const CALLS = [
  { share: 0.52, kind: "poll", method: "GET", path: "/v1/tasks/t", model: null },
  { share: 0.35, kind: "balance", method: "GET", path: "/v1/balance", model: null },
  { share: 0.05, kind: "chat", method: "POST", path: "/v1/chat/completions", model: "chat-fast" },
  { share: 0.02, kind: "search", method: "POST", path: "/v1/search/completions", model: "web-search" },
  { share: 0.05, kind: "image", method: "POST", path: "/v1/images/generations", model: "image-pro" },
  { share: 0.01, kind: "video", method: "POST", path: "/v1/video/generations", model: "video-std" },
] as const;
/** The share of calls made under a second profile, so every query has rows to leave out. */
const OTHER_PROFILE_SHARE = 0.1;
const FAILED_SHARE = 0.03;
/** What the key spends in the year, read off the balance. */
const YEAR_SPEND = 50_000;

export interface LedgerYear {
  readonly profileId: string;
  readonly otherProfileId: string;
  readonly rows: number;
  readonly readings: number;
  /** Replies in the order they were written, each with its conversation: the chat calls are theirs. */
  readonly replies: readonly { readonly conversationId: string; readonly messageId: string }[];
  readonly random: () => number;
  readonly now: number;
}

function callOf(draw: number): (typeof CALLS)[number] {
  let left = draw;
  for (const call of CALLS) {
    left -= call.share;
    if (left < 0) return call;
  }
  return CALLS[0];
}

/**
 * `rows` ledger rows over the year before `now`, oldest first as the app appends them: paid calls
 * measured or estimated with a range, failures, chat calls linked to the replies they wrote.
 */
export function seedLedgerYear(db: DatabaseSync, year: LedgerYear): void {
  const { random, rows, replies } = year;
  const insert = db.prepare(
    `INSERT INTO request_log (profile_id, started_at, method, path, status, request_id, duration_ms, kind, model,
       input_tokens, output_tokens, chargeable, settled_at, attributed, cost, cost_kind, cost_low, cost_high,
       conversation_id, message_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)`,
  );
  const since = year.now - YEAR_MS;
  let chats = 0;
  for (let index = 0; index < rows; index++) {
    const at = Math.floor(since + ((index + random()) / rows) * YEAR_MS);
    const call = callOf(random());
    const paid = call.model !== null;
    const failed = random() < FAILED_SHARE;
    const duration = Math.floor(30 + random() * (call.kind === "chat" ? 6000 : 400));
    const cost = paid && !failed ? Math.round((0.001 + random() * 0.05) * 1e6) / 1e6 : null;
    const estimated = cost !== null && random() < 0.3;
    const reply = call.kind === "chat" && replies.length > 0 ? replies[chats++ % replies.length] : undefined;
    insert.run(
      random() < OTHER_PROFILE_SHARE ? year.otherProfileId : year.profileId,
      at,
      call.method,
      call.path,
      failed ? (random() < 0.5 ? 429 : 500) : 200,
      `req_${index.toString(36)}${Math.floor(random() * 2 ** 40).toString(36)}`,
      duration,
      call.kind,
      call.model,
      call.kind === "chat" ? Math.floor(50 + random() * 4000) : null,
      call.kind === "chat" ? Math.floor(20 + random() * 1200) : null,
      paid ? 1 : 0,
      at + duration,
      cost,
      cost === null ? "free" : estimated ? "estimated" : "measured",
      estimated ? cost * 0.8 : cost,
      estimated ? cost * 1.25 : cost,
      reply?.conversationId ?? null,
      reply?.messageId ?? null,
    );
  }
}

/** `readings` balance readings of the profile over the same year, the balance falling as it spends. */
export function seedReadingsYear(db: DatabaseSync, year: LedgerYear): void {
  const { random, readings } = year;
  const insert = db.prepare(
    `INSERT INTO balance_samples (profile_id, sent_at, sampled_at, balance, daily_used, monthly_used, unconfirmed)
     VALUES (?, ?, ?, ?, ?, ?, 0)`,
  );
  const since = year.now - YEAR_MS;
  let balance = 100_000;
  for (let index = 0; index < readings; index++) {
    const at = Math.floor(since + ((index + random()) / readings) * YEAR_MS);
    balance -= (random() * 2 * YEAR_SPEND) / readings;
    const dayPart = (at % DAY_MS) / DAY_MS;
    insert.run(year.profileId, at - 40, at, balance, dayPart * 40, 400 + dayPart * 40);
  }
}
