/**
 * Indexes built after the start rather than by a migration step: on a table that has grown large,
 * building one takes seconds (the ledger's first four, 2.3 s at a million rows), which would hold the
 * first start after an upgrade. Queries run without them, only slower, until the upkeep builds
 * the missing ones (`data-upkeep.ts`); a new database gets them at once, on its empty tables.
 */
export const BACKGROUND_INDEXES: readonly { readonly name: string; readonly sql: string }[] = [
  // A year of heavy use (a million ledger rows): the Requests table counts the user's own calls of its
  // period, the Spend chart sums its paid calls and the conversation list each conversation's cost,
  // each from a small index instead of every row, and a start settles the calls left unfinished without
  // reading them all. The background kinds are written as ledger-filter.ts writes them, or the first
  // index is not used.
  {
    name: "ledger_foreground",
    sql: `CREATE INDEX IF NOT EXISTS ledger_foreground ON request_log(profile_id, started_at)
      WHERE kind NOT IN ('poll', 'balance', 'models')`,
  },
  {
    name: "ledger_paid",
    sql: `CREATE INDEX IF NOT EXISTS ledger_paid ON request_log(profile_id, started_at, model, kind, outside, cost,
      refund, cost_low, cost_high, cost_kind, attributed) WHERE chargeable = 1`,
  },
  {
    name: "ledger_conversation_costs",
    sql: `CREATE INDEX IF NOT EXISTS ledger_conversation_costs ON request_log(conversation_id, chargeable, cost,
      cost_low, cost_high, cost_kind, refund) WHERE conversation_id IS NOT NULL`,
  },
  // Other spend (other-spend.ts) reads the paid calls settled in its window and the refunds booked
  // in it: 9 ms and nothing at a million rows, against 150 ms each reading a profile's calls whole.
  {
    name: "ledger_settled_paid",
    sql: `CREATE INDEX IF NOT EXISTS ledger_settled_paid ON request_log(profile_id, settled_at)
      WHERE chargeable = 1 AND attributed = 1 AND settled_at IS NOT NULL`,
  },
  {
    name: "ledger_refunds",
    sql: "CREATE INDEX IF NOT EXISTS ledger_refunds ON request_log(profile_id, refund_to) WHERE refund IS NOT NULL",
  },
  {
    name: "ledger_unsettled",
    sql: "CREATE INDEX IF NOT EXISTS ledger_unsettled ON request_log(id) WHERE attributed = 0 AND settled_at IS NULL",
  },
  // A start marks the replies a killed app left streaming as interrupted: from this index, not by
  // reading a year's 100,000 messages.
  {
    name: "messages_streaming",
    sql: "CREATE INDEX IF NOT EXISTS messages_streaming ON messages(id) WHERE status = 'streaming'",
  },
];
