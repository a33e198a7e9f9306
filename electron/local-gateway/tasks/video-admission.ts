import type { DatabaseSync } from "node:sqlite";
import type { ApiKeyRecord } from "../accounts.ts";
import type { GatewayConfig } from "../config.ts";
import { billingPeriods } from "../billing-periods.ts";
import { rateLimited } from "../http-error.ts";
import { onlyRow } from "../../common/sql-rows.ts";

/** Per-key video limits (per minute, per day, concurrent), counted from the task table so they survive restarts. */
export class VideoAdmission {
  private readonly db: DatabaseSync;
  private readonly config: GatewayConfig;

  constructor(db: DatabaseSync, config: GatewayConfig) {
    this.db = db;
    this.config = config;
  }

  /** Throws 429 RATE_LIMIT when one more video task would break a limit. */
  admit(key: ApiKeyRecord, now: number): void {
    const { perMinute, perDay, concurrent } = this.config.videoLimits;
    const running = onlyRow<{ n: number; next: number | null }>(
      this.db.prepare(
        "SELECT COUNT(*) AS n, MIN(finish_at) AS next FROM tasks WHERE key_id = ? AND kind = 'video' AND status IN ('queued', 'processing')",
      ),
      key.id,
    );
    if (running.n >= concurrent) {
      throw rateLimited(
        `At most ${concurrent} video tasks may run at once for this API key.`,
        concurrent,
        0,
        ((running.next ?? now) - now) / 1000,
      );
    }
    const windowMs = this.config.rateLimitWindowSeconds * 1000;
    const lastMinute = onlyRow<{ n: number; oldest: number | null }>(
      this.db.prepare(
        "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM tasks WHERE key_id = ? AND kind = 'video' AND created_at > ?",
      ),
      key.id,
      now - windowMs,
    );
    if (lastMinute.n >= perMinute) {
      throw rateLimited(
        `At most ${perMinute} video requests per minute are allowed for this API key.`,
        perMinute,
        0,
        ((lastMinute.oldest ?? now) + windowMs - now) / 1000,
      );
    }
    const { dayStart, dayReset } = billingPeriods(now, this.config.utcOffset);
    const today = onlyRow<{ n: number }>(
      this.db.prepare("SELECT COUNT(*) AS n FROM tasks WHERE key_id = ? AND kind = 'video' AND created_at >= ?"),
      key.id,
      dayStart,
    );
    if (today.n >= perDay) {
      throw rateLimited(
        `At most ${perDay} video requests per day are allowed for this API key.`,
        perDay,
        0,
        (dayReset - now) / 1000,
      );
    }
  }
}
