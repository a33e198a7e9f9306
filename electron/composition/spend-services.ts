import type { DatabaseSync } from "node:sqlite";
import { BudgetAlerts } from "../services/budget/budget-alerts.ts";
import { BudgetMonitor } from "../services/budget/budget-monitor.ts";
import { BudgetService } from "../services/budget/budget-service.ts";
import { BalanceSampler, DEFAULT_SAMPLER_TIMING, type SamplerTiming } from "../services/budget/balance-sampler.ts";
import { CostAttributor } from "../services/budget/cost-attributor.ts";
import { priceFromLists } from "../services/budget/list-pricing.ts";
import { periodStart } from "../services/budget/period-start.ts";
import { PriceBook } from "../services/budget/price-book.ts";
import { publishedPricesOf } from "../services/budget/published-prices.ts";
import { CapabilityService } from "../services/capabilities/capability-service.ts";
import type { CapabilityStore } from "../services/capabilities/capability-store.ts";
import type { LedgerStore } from "../services/ledger/ledger-store.ts";
import type { ProfileVault } from "../services/vault/profile-vault.ts";
import type { AppEventHub } from "./app-events.ts";
import type { GatewayAccess } from "./gateway-access.ts";

/** What the app knows of spend: prices, the costs of calls, balances and the budget's alerts. */
export interface SpendServices {
  readonly prices: PriceBook;
  readonly costs: CostAttributor;
  /** What each server offers (and publishes of its prices). */
  readonly capabilities: CapabilityService;
  /** Reads the balance after calls, to measure what they cost. */
  readonly sampler: BalanceSampler;
  readonly monitor: BudgetMonitor;
  readonly budget: BudgetService;
}

export interface SpendDeps {
  readonly db: DatabaseSync;
  readonly ledger: LedgerStore;
  readonly vault: ProfileVault;
  readonly capabilityStore: CapabilityStore;
  readonly access: GatewayAccess;
  readonly events: AppEventHub;
  readonly samplerTiming?: SamplerTiming;
}

/**
 * Prices and costs: every reading, asked for or sampled, settles what it can (costs, refunds and
 * other spend on the key); a server without a balance is priced from its published lists.
 */
export function spendServices({
  db,
  ledger,
  vault,
  capabilityStore,
  access,
  events,
  ...deps
}: SpendDeps): SpendServices {
  const prices = new PriceBook(db);
  const costs = new CostAttributor(db, prices);
  const capabilities = new CapabilityService(
    capabilityStore,
    access.clientFor,
    (profileId) => vault.modelsOf(profileId)?.chat[0] ?? capabilityStore.get(profileId).models?.[0] ?? "chat-fast",
    (profileId, list) => prices.replacePublished(profileId, publishedPricesOf(list)),
  );
  const sampler = new BalanceSampler(
    async (profileId) => {
      // A server that publishes its prices is asked first, so even the first calls are priced.
      await capabilities.ready(profileId);
      if (capabilityStore.get(profileId).features.balance !== "missing") await budget.snapshot(profileId);
      else if (priceFromLists(db, prices, profileId)) events.tell((listener) => listener.costsChanged?.({ profileId }));
    },
    deps.samplerTiming ?? DEFAULT_SAMPLER_TIMING,
    access.busyOf,
  );
  const monitor = new BudgetMonitor({
    alerts: new BudgetAlerts(db),
    read: (profileId) => budget.snapshot(profileId),
    profiles: () => vault.state().profiles,
    balanceFeature: (profileId) => capabilityStore.get(profileId).features.balance,
    onAlert: (alert) => events.tell((listener) => listener.budgetAlert?.(alert)),
  });
  const budget = new BudgetService(
    db,
    access.clientFor,
    (snapshot) => {
      if (costs.run(snapshot.profileId))
        events.tell((listener) => listener.costsChanged?.({ profileId: snapshot.profileId }));
      monitor.observe(snapshot);
    },
    (profileId, balance) => ({
      today: ledger.otherSpendSince(profileId, periodStart(balance.api_key.daily_reset_at, "day")),
      month: ledger.otherSpendSince(profileId, periodStart(balance.api_key.monthly_reset_at, "month")),
    }),
  );
  return { prices, costs, capabilities, sampler, monitor, budget };
}
