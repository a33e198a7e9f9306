import { expect } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseSync } from "node:sqlite";
import type { PriceUnit } from "../../../shared/ipc/prices.ts";
import { allRows, onlyRow } from "../../../electron/common/sql-rows.ts";
import { CostAttributor } from "../../../electron/services/budget/cost-attributor.ts";
import { PriceBook } from "../../../electron/services/budget/price-book.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";

export const PROFILE = "p";
/** Four decimals, as the gateway reports: the readings resolve to 0.0001. */
const OPENING_BALANCE = 50.1234;

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** A paid call as the ledger records it once answered (`to`, null while out), its cost not known yet. */
export interface PaidCall {
  readonly from: number;
  readonly to: number | null;
  readonly kind?: "chat" | "search" | "image" | "video";
  readonly model?: string | null;
  /** Images, or seconds of video. */
  readonly units?: number | null;
  readonly size?: string | null;
  readonly inputTokens?: number | null;
  readonly outputTokens?: number | null;
  readonly taskId?: string;
  readonly profile?: string;
}

export interface LedgerRow {
  readonly cost: number | null;
  readonly cost_low: number | null;
  readonly cost_high: number | null;
  readonly cost_kind: string;
  readonly attributed: number;
  readonly refund: number | null;
  readonly refund_pending: number;
}

/** A stretch of other spend on the key: its figure, its range and its kind. */
export interface OtherSpendRow {
  readonly from: number;
  readonly to: number;
  readonly cost: number;
  readonly low: number | null;
  readonly high: number | null;
  readonly kind: string;
}

/** Other spend the key's counters and the calls' prices fix exactly, as the ledger keeps it. */
export const exactOtherSpend = (from: number, to: number, cost: number) => ({
  from,
  to,
  cost: expect.closeTo(cost, 9),
  low: expect.closeTo(cost, 9),
  high: expect.closeTo(cost, 9),
  kind: "measured",
});

/** A call of unknown price as the ledger keeps it: nothing of its own, up to `high` shared with other spend. */
export const upTo = (high: number) => ({
  cost: 0,
  cost_low: 0,
  cost_high: expect.closeTo(high, 9),
  cost_kind: "estimated",
});

/** The app's own database in a fresh folder, with its price book and cost attributor, and ways to fill it. */
export function ledger() {
  const db: DatabaseSync = openAppDatabase(join(mkdtempSync(join(tmpdir(), "cost-attributor-")), "app.sqlite"));
  const prices = new PriceBook(db);
  return {
    db,
    prices,
    costs: new CostAttributor(db, prices),

    /** An image of `img` at 1024x1024 unless told otherwise; its ledger id. */
    call(call: PaidCall): number {
      const kind = call.kind ?? "image";
      const text = kind === "chat" || kind === "search";
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO request_log (profile_id, started_at, method, path, status, duration_ms, kind, model, units, size,
             input_tokens, output_tokens, chargeable, attributed, cost, cost_kind, settled_at, task_id)
           VALUES (?, ?, 'POST', '/v1/x', 200, 0, ?, ?, ?, ?, ?, ?, 1, 0, NULL, 'unknown', ?, ?)`,
        )
        .run(
          call.profile ?? PROFILE,
          call.from,
          kind,
          call.model === undefined ? (text ? "chat-m" : "img") : call.model,
          call.units === undefined ? (text ? null : 1) : call.units,
          call.size === undefined ? (text ? null : "1024x1024") : call.size,
          call.inputTokens === undefined ? (text ? 1000 : null) : call.inputTokens,
          call.outputTokens === undefined ? (text ? 1000 : null) : call.outputTokens,
          call.to,
          call.taskId ?? null,
        );
      return Number(lastInsertRowid);
    },

    /** A balance reading asked for at `at` and answered 10 ms later, after `spent` in total on the key. */
    reading(at: number, spent: number, profile = PROFILE): void {
      db.prepare(
        `INSERT INTO balance_samples (profile_id, sent_at, sampled_at, balance, daily_used, monthly_used)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(profile, at, at + 10, round(OPENING_BALANCE - spent), round(spent), round(spent));
    },

    /** The gateway failed or cancelled the task of call `id`: its refund landed between `from` and `to`. */
    refunded(id: number, from: number, to: number): void {
      db.prepare("UPDATE request_log SET refund_from = ?, refund_to = ?, refund_pending = 1 WHERE id = ?").run(
        from,
        to,
        id,
      );
    },

    task(id: string, status: string): void {
      db.prepare(
        `INSERT INTO tasks (id, profile_id, kind, model, prompt, params, status, created_at, updated_at)
         VALUES (?, ?, 'image', 'img', 'a fox', '{}', ?, 0, 0)
         ON CONFLICT (id) DO UPDATE SET status = excluded.status`,
      ).run(id, PROFILE, status);
    },

    publish(model: string, unit: PriceUnit, size: string | null, price: number): void {
      prices.replacePublished(PROFILE, [{ model, unit, size, price, observations: 0 }]);
    },

    learned(model: string, unit: PriceUnit, size: string | null, price: number, observations: number): void {
      prices.replaceLearned(PROFILE, [{ model, unit, size, price, observations }]);
    },

    row(id: number): LedgerRow {
      return onlyRow<LedgerRow>(
        db.prepare(
          "SELECT cost, cost_low, cost_high, cost_kind, attributed, refund, refund_pending FROM request_log WHERE id = ?",
        ),
        id,
      );
    },

    /** Spend the app's calls do not explain, as the ledger's rows of other spend. */
    otherSpend(profile = PROFILE): OtherSpendRow[] {
      return allRows<OtherSpendRow>(
        db.prepare(
          `SELECT started_at AS "from", settled_at AS "to", cost, cost_low AS low, cost_high AS high, cost_kind AS kind
           FROM request_log
           WHERE profile_id = ? AND outside = 1 ORDER BY id`,
        ),
        profile,
      );
    },

    /** The price in force of a model's unit (any size), or undefined. */
    priceOf(model: string, unit: PriceUnit = "image") {
      return prices.prices(PROFILE).find((price) => price.model === model && price.unit === unit);
    },

    observationCount(): number {
      return onlyRow<{ count: number }>(db.prepare("SELECT COUNT(*) AS count FROM price_observations")).count;
    },
  };
}
