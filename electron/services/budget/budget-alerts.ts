import type { DatabaseSync } from "node:sqlite";
import type { Balance } from "../../../shared/gateway-api/balance.ts";
import {
  AlertMetricSchema,
  AlertSettingsSchema,
  DEFAULT_ALERT_SETTINGS,
  type AlertMetric,
  type AlertSettings,
  type BudgetAlert,
} from "../../../shared/ipc/budget-alerts.ts";
import { allRows, oneRow } from "../../common/sql-rows.ts";
import { readStoredJson } from "../store/stored-json.ts";
import { BALANCE_PERIOD, crossingsOf } from "./alert-rules.ts";

interface FiredRow {
  metric: string;
  threshold: number;
  period: string;
  value: number;
  budget_limit: number | null;
  fired_at: number;
}

/**
 * Budget alerts of each profile: its thresholds, and which have fired in which period. Fired
 * alerts are stored, so a restart or a second reading in the same period does not fire them again.
 */
export class BudgetAlerts {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  settings(profileId: string): AlertSettings {
    const row = oneRow<{ settings: string }>(
      this.db.prepare("SELECT settings FROM budget_alert_settings WHERE profile_id = ?"),
      profileId,
    );
    return row ? readStoredJson(row.settings, AlertSettingsSchema, DEFAULT_ALERT_SETTINGS) : DEFAULT_ALERT_SETTINGS;
  }

  saveSettings(profileId: string, settings: AlertSettings): AlertSettings {
    this.db
      .prepare(
        "INSERT INTO budget_alert_settings (profile_id, settings) VALUES (?, ?) ON CONFLICT(profile_id) DO UPDATE SET settings = excluded.settings",
      )
      .run(profileId, JSON.stringify(settings));
    return settings;
  }

  /** Records the thresholds `reading` newly crosses and returns them, each once per period. */
  evaluate(profileId: string, profileName: string, reading: Balance, now: number): BudgetAlert[] {
    const settings = this.settings(profileId);
    if (settings.balanceBelow === null || reading.balance >= settings.balanceBelow) {
      // Topped up above the floor: the balance alert may fire again when it next falls below.
      this.db.prepare("DELETE FROM budget_alerts_fired WHERE profile_id = ? AND metric = 'balance'").run(profileId);
    }
    const insert = this.db.prepare(
      "INSERT OR IGNORE INTO budget_alerts_fired (profile_id, metric, threshold, period, value, budget_limit, fired_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    // A threshold crossed once in a period is notified once: a refund that brings use back under
    // it ends it as current (see current()), not as notified.
    const crossings = crossingsOf(settings, reading);
    const fired: BudgetAlert[] = [];
    for (const crossing of crossings) {
      const { changes } = insert.run(
        profileId,
        crossing.metric,
        crossing.threshold,
        crossing.period,
        crossing.value,
        crossing.limit,
        now,
      );
      if (Number(changes) === 0) continue;
      fired.push({
        profileId,
        profileName,
        metric: crossing.metric,
        threshold: crossing.threshold,
        value: crossing.value,
        limit: crossing.limit,
        firedAt: new Date(now).toISOString(),
      });
    }
    return fired;
  }

  /**
   * The alerts fired in the periods `reading` belongs to that it still crosses, at its figures,
   * highest threshold of each metric first: a refund that brought use back under one ends it.
   */
  current(profileId: string, profileName: string, reading: Balance): BudgetAlert[] {
    const periodOf = periodsOf(reading);
    const crossings = crossingsOf(this.settings(profileId), reading);
    return this.firedRows(profileId).flatMap((row) => {
      const metric = AlertMetricSchema.safeParse(row.metric);
      if (!metric.success || row.period !== periodOf[metric.data]) return [];
      const now = crossings.find((crossing) => crossing.metric === row.metric && crossing.threshold === row.threshold);
      if (!now) return [];
      return [
        {
          profileId,
          profileName,
          metric: metric.data,
          threshold: row.threshold,
          value: now.value,
          limit: now.limit,
          firedAt: new Date(row.fired_at).toISOString(),
        },
      ];
    });
  }

  private firedRows(profileId: string): FiredRow[] {
    return allRows<FiredRow>(
      this.db.prepare(
        "SELECT metric, threshold, period, value, budget_limit, fired_at FROM budget_alerts_fired WHERE profile_id = ? ORDER BY metric, threshold DESC",
      ),
      profileId,
    );
  }
}

/** The period of each metric a reading belongs to: its reset time. */
const periodsOf = (reading: Balance): Record<AlertMetric, string> => ({
  daily: reading.api_key.daily_reset_at ?? "unknown",
  monthly: reading.api_key.monthly_reset_at ?? "unknown",
  balance: BALANCE_PERIOD,
});
