import type { AppEvents } from "../services/app-services.ts";

/** What main pushes to windows and hosts: each listener hears the events it names. */
export class AppEventHub {
  private readonly listeners = new Set<Partial<AppEvents>>();

  /** Returns the unsubscribe function. */
  subscribe(listener: Partial<AppEvents>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener, as `call` does for one: `hub.tell((listener) => listener.taskChanged?.(view))`. */
  tell(call: (listener: Partial<AppEvents>) => void): void {
    this.listeners.forEach(call);
  }
}
