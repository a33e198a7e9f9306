/** Amounts recorded per subject over a trailing time window (requests, tokens or video submissions). */
export class SlidingWindow {
  private readonly windowMs: number;
  private readonly events = new Map<string, { at: number; amount: number }[]>();

  constructor(windowMs: number) {
    this.windowMs = windowMs;
  }

  used(subject: string, now: number): number {
    return this.live(subject, now).reduce((sum, event) => sum + event.amount, 0);
  }

  record(subject: string, now: number, amount = 1): void {
    const events = this.live(subject, now);
    events.push({ at: now, amount });
    this.events.set(subject, events);
  }

  /** Milliseconds until `amount` more fits under `limit`. */
  waitFor(subject: string, now: number, amount: number, limit: number): number {
    let excess = this.used(subject, now) + amount - limit;
    for (const event of this.live(subject, now)) {
      if (excess <= 0) break;
      excess -= event.amount;
      if (excess <= 0) return event.at + this.windowMs - now;
    }
    return excess <= 0 ? 0 : this.windowMs;
  }

  private live(subject: string, now: number): { at: number; amount: number }[] {
    const events = this.events.get(subject) ?? [];
    const firstLive = events.findIndex((event) => event.at > now - this.windowMs);
    const live = firstLive === -1 ? [] : firstLive === 0 ? events : events.slice(firstLive);
    if (live !== events) this.events.set(subject, live);
    return live;
  }
}
