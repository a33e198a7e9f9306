import type { AppServices } from "../composition/app-services.ts";
import { invokeHandlers } from "./invoke-handlers.ts";
import { createInvokeRouter, type InvokeRouter } from "./invoke-router.ts";
import { PageRegistry } from "./page-registry.ts";

export interface MainCore {
  readonly route: InvokeRouter;
  readonly pages: PageRegistry;
}

/** The transport-independent part of main: the invoke router and the pages that get pushed events. */
export function createMainCore(services: AppServices): MainCore {
  const pages = new PageRegistry();
  services.vault.onChange((state) => pages.broadcast("profiles.changed", state));
  services.subscribe({
    taskChanged: (view) => pages.broadcast("tasks.changed", view),
    galleryChanged: (change) => pages.broadcast("gallery.changed", change),
    capabilitiesChanged: (capabilities) => pages.broadcast("capabilities.changed", capabilities),
    budgetAlert: (alert) => pages.broadcast("budget.alert", alert),
    costsChanged: (change) => pages.broadcast("budget.costsChanged", change),
  });
  return { route: createInvokeRouter(invokeHandlers(services)), pages };
}
