import type { DatabaseSync } from "node:sqlite";
import type { RateHeadroom } from "../../shared/ipc/budget-overview.ts";
import { capabilityFetch } from "../services/capabilities/capability-fetch.ts";
import type { CapabilityStore } from "../services/capabilities/capability-store.ts";
import type { AnswerLimits } from "../services/gateway-client/answer-limits.ts";
import { GatewayClient } from "../services/gateway-client/gateway-client.ts";
import { withHeaderTimeout } from "../services/gateway-client/header-timeout-fetch.ts";
import { loggingFetch } from "../services/ledger/request-log.ts";
import { HeadroomTracker } from "../services/scheduler/rate-headroom.ts";
import { RequestScheduler } from "../services/scheduler/request-scheduler.ts";
import { scheduledFetch } from "../services/scheduler/scheduled-fetch.ts";
import type { ProfileVault } from "../services/vault/profile-vault.ts";

/** How every request of a profile reaches its gateway, and how busy its key's minute is. */
export interface GatewayAccess {
  /** A client on the profile's key: scheduled, watched for what the server offers, and logged in the ledger. */
  clientFor(profileId: string): GatewayClient;
  /** Background work (routine polls, balance readings) gives way while a key's minute is more than half spent. */
  busyOf(profileId: string): boolean;
  headroom(profileId: string): RateHeadroom;
}

export interface GatewayAccessDeps {
  readonly db: DatabaseSync;
  readonly vault: ProfileVault;
  readonly fetch: typeof fetch;
  readonly capabilityStore: CapabilityStore;
  readonly answerLimits?: AnswerLimits;
  /** A logged call of the profile settles its cost within `settlesIn` ms (the balance sampler listens). */
  readonly onActivity: (profileId: string, settlesIn?: number) => void;
}

/** One scheduler per profile key: every request of the key, chat, polls and budget alike, shares its RPM. */
export function gatewayAccess(deps: GatewayAccessDeps): GatewayAccess {
  const { db, vault, capabilityStore } = deps;
  const schedulers = new Map<string, RequestScheduler>();
  const schedulerFor = (profileId: string, rpm: number) => {
    const scheduler = schedulers.get(profileId) ?? new RequestScheduler(rpm);
    schedulers.set(profileId, scheduler);
    scheduler.setRpm(rpm);
    return scheduler;
  };
  const headrooms = new Map<string, HeadroomTracker>();
  const headroomOf = (profileId: string) => {
    const headroom = headrooms.get(profileId) ?? new HeadroomTracker();
    headrooms.set(profileId, headroom);
    return headroom;
  };
  return {
    clientFor(profileId) {
      const credentials = vault.credentials(profileId);
      const fetchThroughScheduler = scheduledFetch(
        schedulerFor(profileId, credentials.rpm),
        withHeaderTimeout(deps.fetch),
        headroomOf(profileId),
      );
      const observed = capabilityFetch(capabilityStore, profileId, fetchThroughScheduler);
      const recorded = loggingFetch(db, profileId, observed, deps.onActivity);
      return new GatewayClient(credentials, {
        fetch: recorded,
        ...(deps.answerLimits ? { limits: deps.answerLimits } : {}),
      });
    },
    busyOf: (profileId) => schedulers.get(profileId)?.busy() ?? false,
    headroom(profileId) {
      const scheduler = schedulers.get(profileId);
      return headroomOf(profileId).view(scheduler?.waiting ?? 0, scheduler?.firstHeldSendsAt() ?? null);
    },
  };
}
