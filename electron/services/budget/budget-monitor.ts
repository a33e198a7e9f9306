import type { Balance } from "../../../shared/gateway-api/balance.ts";
import type { BudgetSnapshot } from "../../../shared/ipc/budget.ts";
import type { BudgetAlert } from "../../../shared/ipc/budget-alerts.ts";
import type { ProfileBudget } from "../../../shared/ipc/budget-overview.ts";
import type { FeatureState } from "../../../shared/ipc/capabilities.ts";
import type { ProfileView } from "../../../shared/ipc/profiles.ts";
import { toIpcError } from "../error-values.ts";
import type { BudgetAlerts } from "./budget-alerts.ts";

const FRESH_READING_MS = 60_000;

interface BudgetMonitorDeps {
  readonly alerts: BudgetAlerts;
  readonly read: (profileId: string) => Promise<BudgetSnapshot>;
  readonly profiles: () => readonly ProfileView[];
  readonly balanceFeature: (profileId: string) => FeatureState;
  readonly onAlert: (alert: BudgetAlert) => void;
}

/**
 * Watches every reading of a profile's balance: thresholds it crosses fire once as alerts, and
 * the latest reading dates which alerts belong to the current day and month.
 */
export class BudgetMonitor {
  readonly alerts: BudgetAlerts;
  private readonly deps: BudgetMonitorDeps;
  private readonly latest = new Map<string, BudgetSnapshot>();

  constructor(deps: BudgetMonitorDeps) {
    this.deps = deps;
    this.alerts = deps.alerts;
  }

  /** Any reading of a profile's balance, asked for or sampled in the background. */
  observe(snapshot: BudgetSnapshot, now = Date.now()): void {
    const { profileId, balance } = snapshot;
    this.latest.set(profileId, snapshot);
    for (const alert of this.deps.alerts.evaluate(profileId, this.nameOf(profileId), balance, now)) {
      this.deps.onAlert(alert);
    }
  }

  latestReading(profileId: string): Balance | null {
    return this.latest.get(profileId)?.balance ?? null;
  }

  /** The alerts fired in the periods of the profile's latest reading. */
  current(profileId: string): BudgetAlert[] {
    const reading = this.latestReading(profileId);
    return reading ? this.deps.alerts.current(profileId, this.nameOf(profileId), reading) : [];
  }

  /** Every profile with a key: a fresh reading, or why there is none. */
  overview(now = Date.now()): Promise<ProfileBudget[]> {
    const withKeys = this.deps.profiles().filter((profile) => profile.hasKey);
    return Promise.all(withKeys.map((profile) => this.profileBudget(profile, now)));
  }

  /** A reading taken in the last minute serves the overview, so opening it does not spend a key's requests again. */
  private freshReading(profileId: string, now: number): BudgetSnapshot | null {
    const snapshot = this.latest.get(profileId);
    return snapshot && now - Date.parse(snapshot.fetchedAt) < FRESH_READING_MS ? snapshot : null;
  }

  private async profileBudget(profile: ProfileView, now: number): Promise<ProfileBudget> {
    const base = { profileId: profile.id, profileName: profile.name };
    if (this.deps.balanceFeature(profile.id) === "missing") {
      return { ...base, state: "not-offered", snapshot: null, error: null, alerts: [] };
    }
    try {
      const snapshot = this.freshReading(profile.id, now) ?? (await this.deps.read(profile.id));
      return { ...base, state: "ok", snapshot, error: null, alerts: this.current(profile.id) };
    } catch (error) {
      return { ...base, state: "error", snapshot: null, error: toIpcError(error), alerts: this.current(profile.id) };
    }
  }

  private nameOf(profileId: string): string {
    return this.deps.profiles().find((profile) => profile.id === profileId)?.name ?? profileId;
  }
}
