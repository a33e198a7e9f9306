import type { EventChannel, EventPayload } from "../../shared/ipc/contract.ts";
import type { Page } from "../common/pages.ts";

/** The connected pages, for events every window should get. */
export class PageRegistry {
  private readonly pages = new Map<string, Page>();

  add(page: Page): void {
    this.pages.set(page.id, page);
    page.closed.addEventListener("abort", () => this.pages.delete(page.id), { once: true });
  }

  broadcast<E extends EventChannel>(event: E, payload: EventPayload<E>): void {
    for (const page of this.pages.values()) page.send(event, payload);
  }
}
