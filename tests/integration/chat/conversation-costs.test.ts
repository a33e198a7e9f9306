import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listConversations } from "../../../electron/services/chat/conversation-list.ts";
import { conversationCosts, ledgerCostOf } from "../../../electron/services/ledger/ledger-costs.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

const CONVERSATIONS = ["c1", "c2", "c3"] as const;
const COST_KINDS = ["measured", "priced", "free", "estimated", "unknown"] as const;

let db: DatabaseSync;

beforeEach(() => {
  db = openAppDatabase(join(tempDir("conversation-costs-"), "app.sqlite"));
  const conversation = db.prepare(
    "INSERT INTO conversations (id, title, settings, created_at, updated_at) VALUES (?, ?, '{}', 0, ?)",
  );
  // Listed newest first: c3, c2, c1.
  CONVERSATIONS.forEach((id, index) => conversation.run(id, `About ${id}`, index));
});

afterEach(() => db.close());

/** Each conversation's cost as the ledger sums it from its calls: the reference. */
function summedAgain(): Map<string, unknown> {
  return new Map(
    CONVERSATIONS.flatMap((id) => {
      const cost = ledgerCostOf(db, "conversation_id", id);
      return cost ? [[id, cost] as const] : [];
    }),
  );
}

const money = fc.option(
  fc.integer({ min: 0, max: 5_000_000 }).map((micro) => micro / 1e6 / 3),
  { nil: null },
);
const conversation = fc.constantFrom(...CONVERSATIONS, null);

/** What happens to the ledger's calls: written, settled, refunded, made free or not, moved, pruned. */
const Change = fc.oneof(
  fc.record({ op: fc.constant("insert" as const), conversation, chargeable: fc.boolean(), cost: money }),
  // Settled, priced, refunded: each column the cost is summed from, one at a time.
  fc.record({
    op: fc.constant("settle" as const),
    pick: fc.nat(),
    column: fc.constantFrom("cost", "cost_low", "cost_high", "refund"),
    amount: money,
  }),
  fc.record({ op: fc.constant("kind" as const), pick: fc.nat(), costKind: fc.constantFrom(...COST_KINDS) }),
  fc.record({ op: fc.constant("chargeable" as const), pick: fc.nat(), chargeable: fc.boolean() }),
  fc.record({ op: fc.constant("move" as const), pick: fc.nat(), conversation }),
  fc.record({ op: fc.constant("delete" as const), pick: fc.nat() }),
);
type Change = typeof Change extends fc.Arbitrary<infer T> ? T : never;

function apply(change: Change): void {
  const ids = db
    .prepare("SELECT id FROM request_log ORDER BY id")
    .all()
    .map((row) => Number(row["id"]));
  const picked = "pick" in change ? ids[change.pick % Math.max(1, ids.length)] : undefined;
  switch (change.op) {
    case "insert":
      db.prepare(
        `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, chargeable, cost, cost_kind,
           conversation_id) VALUES ('p', 0, 'POST', '/', 0, ?, ?, 'estimated', ?)`,
      ).run(change.chargeable ? 1 : 0, change.cost, change.conversation);
      return;
    case "settle":
      db.prepare(`UPDATE request_log SET ${change.column} = ? WHERE id = ?`).run(change.amount, picked ?? -1);
      return;
    case "kind":
      db.prepare("UPDATE request_log SET cost_kind = ? WHERE id = ?").run(change.costKind, picked ?? -1);
      return;
    case "chargeable":
      db.prepare("UPDATE request_log SET chargeable = ? WHERE id = ?").run(change.chargeable ? 1 : 0, picked ?? -1);
      return;
    case "move":
      db.prepare("UPDATE request_log SET conversation_id = ? WHERE id = ?").run(change.conversation, picked ?? -1);
      return;
    case "delete":
      db.prepare("DELETE FROM request_log WHERE id = ?").run(picked ?? -1);
  }
}

describe("each conversation's cost, kept for the list", () => {
  it("is what its calls cost after every change the ledger makes to them", () => {
    fc.assert(
      fc.property(fc.array(Change, { maxLength: 30, size: "max" }), (changes) => {
        db.exec("DELETE FROM request_log; DELETE FROM conversation_costs");
        for (const change of changes) {
          apply(change);
          expect(conversationCosts(db)).toEqual(summedAgain());
        }
      }),
      { seed: 49, numRuns: 150 },
    );
  });

  it("is read without waiting for another writer once every conversation's is kept, and summed again for one whose calls changed", () => {
    apply({ op: "insert", conversation: "c1", chargeable: true, cost: 0.25 });
    apply({ op: "insert", conversation: "c2", chargeable: true, cost: 0.5 });
    conversationCosts(db);
    // As the upkeep's thread holds the file while it builds an index.
    const writer = openAppDatabase(db.location() ?? "");
    db.exec("PRAGMA busy_timeout = 0");
    writer.exec("BEGIN IMMEDIATE");
    try {
      expect(conversationCosts(db, ["c2", "c3"])).toEqual(new Map([["c2", expect.objectContaining({ amount: 0.5 })]]));
    } finally {
      writer.exec("ROLLBACK");
      writer.close();
    }
    apply({ op: "insert", conversation: "c1", chargeable: true, cost: 0.5 });
    expect(conversationCosts(db).get("c1")).toMatchObject({ amount: 0.75 });
  });

  it("goes with its conversation, and the list shows each conversation newest first with its own", () => {
    apply({ op: "insert", conversation: "c1", chargeable: true, cost: 0.25 });
    apply({ op: "insert", conversation: "c3", chargeable: true, cost: 0.5 });
    expect(listConversations(db).map(({ id, cost }) => [id, cost?.amount ?? null])).toEqual([
      ["c3", 0.5],
      ["c2", null],
      ["c1", 0.25],
    ]);
    db.prepare("DELETE FROM conversations WHERE id = 'c3'").run();
    expect(db.prepare("SELECT conversation_id FROM conversation_costs ORDER BY conversation_id").all()).toEqual([
      { conversation_id: "c1" },
      { conversation_id: "c2" },
    ]);
  });
});
