export type Listener = (...args: never[]) => unknown;

/** Listeners main registered on an Electron emitter, by event, to be called as Electron would. */
export class Listeners {
  private readonly byEvent = new Map<string, Listener[]>();

  add(event: string, listener: Listener): void {
    this.byEvent.set(event, [...(this.byEvent.get(event) ?? []), listener]);
  }

  has(event: string): boolean {
    return this.byEvent.has(event);
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.byEvent.get(event) ?? []) {
      // Each listener keeps the parameter types main declared; the caller passes what Electron would.
      (listener as (...args: unknown[]) => unknown)(...args);
    }
  }
}
