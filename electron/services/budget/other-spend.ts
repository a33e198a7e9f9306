import type { DatabaseSync } from "node:sqlite";
import { allRows, oneRow } from "../../common/sql-rows.ts";
import type { OtherSpend } from "./balance-movements.ts";
import { NOISE } from "./movement-split.ts";
import type { ChangedObservation } from "./price-change.ts";

/**
 * Spend on the key that the app's calls do not explain (another device, a script, a teammate), as
 * ledger rows of their own (`outside`, kind `other`), and how far the key's movements are judged.
 */
export class OtherSpendLedger {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** When the last reading every movement before which is accounted for was answered. */
  cursor(profileId: string): number | null {
    return (
      oneRow<{ settled_at: number }>(
        this.db.prepare("SELECT settled_at FROM attribution_cursors WHERE profile_id = ?"),
        profileId,
      )?.settled_at ?? null
    );
  }

  advance(profileId: string, settledAt: number): void {
    this.db
      .prepare(
        `INSERT INTO attribution_cursors (profile_id, settled_at) VALUES (?, ?)
         ON CONFLICT (profile_id) DO UPDATE SET settled_at = MAX(settled_at, excluded.settled_at)`,
      )
      .run(profileId, settledAt);
  }

  /**
   * Writes a stretch of other spend; its id. Between `low` and `high` when it shares its movement
   * with calls of unknown price (≈), exact when the key's counters and the calls' prices fix it.
   */
  insert(profileId: string, spend: OtherSpend, low: number, high: number): number {
    const kind = high - low > NOISE ? "estimated" : "measured";
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, kind, chargeable, attributed,
           cost, cost_low, cost_high, cost_kind, settled_at, outside)
         VALUES (?, ?, '', '', ?, 'other', 1, 1, ?, ?, ?, ?, ?, 1)`,
      )
      .run(profileId, spend.from, Math.max(0, spend.to - spend.from), spend.amount, low, high, kind, spend.to);
    return Number(lastInsertRowid);
  }

  /**
   * The app's calls and refunds already attributed since `since`: the movements around them are
   * explained. Each condition repeats its index's (ledger_settled_paid, ledger_refunds) word for
   * word, or SQLite reads the profile's calls whole.
   */
  accountedSince(profileId: string, since: number): { from: number; to: number }[] {
    const charges = allRows<{ from_at: number; to_at: number }>(
      this.db.prepare(
        `SELECT started_at AS from_at, settled_at AS to_at FROM request_log
         WHERE profile_id = ? AND chargeable = 1 AND outside = 0 AND attributed = 1 AND settled_at IS NOT NULL
           AND settled_at >= ?`,
      ),
      profileId,
      since,
    );
    const refunds = allRows<{ from_at: number; to_at: number }>(
      this.db.prepare(
        `SELECT refund_from AS from_at, refund_to AS to_at FROM request_log
         WHERE profile_id = ? AND refund_pending = 0 AND refund IS NOT NULL AND refund_to >= ?`,
      ),
      profileId,
      since,
    );
    return [...charges, ...refunds].map((row) => ({ from: row.from_at, to: row.to_at }));
  }

  /** Calls a change of price explains after all: measured at what the key moved, their other spend undone. */
  explainAgain(observations: readonly ChangedObservation[]): void {
    const measure = this.db.prepare(
      "UPDATE request_log SET cost = ?1, cost_low = ?1, cost_high = ?1, cost_kind = 'measured' WHERE id = ?2",
    );
    const undo = this.db.prepare("DELETE FROM request_log WHERE id = ? AND outside = 1");
    const explained = this.db.prepare("UPDATE price_observations SET explained = 1, other_id = NULL WHERE id = ?");
    for (const observation of observations) {
      measure.run(observation.amount, observation.chargeId);
      if (observation.otherId !== null) undo.run(observation.otherId);
      explained.run(observation.id);
    }
  }
}
