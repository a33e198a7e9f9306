import type { AppServices } from "../services/app-services.ts";
import type { InvokeHandlers } from "./invoke-router.ts";

/** What each contract channel does, in terms of the services. */
export function invokeHandlers(services: AppServices): InvokeHandlers {
  const { vault, budget, streams } = services;
  return {
    "app.info": () => services.info,
    "profiles.list": () => vault.state(),
    "profiles.save": (input) => vault.save(input),
    "profiles.remove": ({ id }) => vault.remove(id),
    "profiles.select": ({ id }) => vault.select(id),
    "profiles.test": ({ id }) => budget.testConnection(vault.resolveId(id)),
    "budget.get": ({ profileId }) => budget.snapshot(vault.resolveId(profileId)),
    "streams.cancel": ({ streamId }, page) => ({ cancelled: streams.cancel(streamId, page.id) }),
  };
}
