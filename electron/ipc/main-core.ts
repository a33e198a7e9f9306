import type { AppServices } from "../services/app-services.ts";
import { WINDOWLESS_SHELL, type DesktopShell } from "./desktop-shell.ts";
import { invokeHandlers } from "./invoke-handlers.ts";
import { createInvokeRouter, type InvokeRouter } from "./invoke-router.ts";
import { PageRegistry } from "./page-registry.ts";

export interface MainCore {
  readonly route: InvokeRouter;
  readonly pages: PageRegistry;
}

/**
 * The transport-independent part of main: the invoke router and the pages that get pushed events.
 * `shell` is what the host can do with windows (the desktop app's; none in the web host).
 */
export function createMainCore(services: AppServices, shell: DesktopShell = WINDOWLESS_SHELL): MainCore {
  const pages = new PageRegistry();
  services.vault.onChange((state) => pages.broadcast("profiles.changed", state));
  services.subscribe({
    taskChanged: (view) => pages.broadcast("tasks.changed", view),
    galleryChanged: (change) => pages.broadcast("gallery.changed", change),
    capabilitiesChanged: (capabilities) => pages.broadcast("capabilities.changed", capabilities),
    budgetAlert: (alert) => pages.broadcast("budget.alert", alert),
    costsChanged: (change) => pages.broadcast("budget.costsChanged", change),
    dataUpkeepChanged: (state) => pages.broadcast("app.dataUpkeep", state),
  });
  return { route: createInvokeRouter(invokeHandlers(services, shell, pages)), pages };
}
