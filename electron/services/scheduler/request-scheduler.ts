import type { RateLimitSnapshot } from "../../../shared/ipc/budget.ts";

export type RequestPriority = "user" | "poll";

interface Waiter {
  readonly priority: RequestPriority;
  readonly grant: () => void;
  readonly refuse: (reason: unknown) => void;
}

// A second more than the gateway's minute: a request is counted there a little after it is granted here.
const WINDOW_MS = 61_000;

/**
 * One per API key: spaces every request of the key so it stays within its requests per minute.
 * User-initiated calls go ahead of polls; `Retry-After` pauses the key; the gateway's
 * `X-RateLimit-Remaining` corrects the count when others use the same key.
 */
export class RequestScheduler {
  private configuredRpm: number;
  private gatewayLimit = Number.POSITIVE_INFINITY;
  private grants: number[] = [];
  private pausedUntil = 0;
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(rpm: number) {
    this.configuredRpm = rpm;
  }

  /** The RPM set in the profile; the gateway's X-RateLimit-Limit lowers it when smaller. */
  setRpm(rpm: number): void {
    this.configuredRpm = rpm;
    this.pump();
  }

  private get rpm(): number {
    return Math.min(this.configuredRpm, this.gatewayLimit);
  }

  /** Resolves when a request of this priority may be sent. */
  acquire(priority: RequestPriority, signal?: AbortSignal): Promise<void> {
    return new Promise((grant, refuse) => {
      if (signal?.aborted) return refuse(signal.reason);
      const waiter: Waiter = { priority, grant, refuse };
      // User calls queue behind other user calls only.
      const firstPoll = this.queue.findIndex((queued) => queued.priority === "poll");
      if (priority === "user" && firstPoll !== -1) this.queue.splice(firstPoll, 0, waiter);
      else this.queue.push(waiter);
      signal?.addEventListener(
        "abort",
        () => {
          const index = this.queue.indexOf(waiter);
          if (index !== -1) this.queue.splice(index, 1);
          refuse(signal.reason);
        },
        { once: true },
      );
      this.pump();
    });
  }

  /** Reads what the gateway said about the key's budget; a 429's Retry-After pauses every request. */
  observe(rateLimit: RateLimitSnapshot | null, retryAfterSeconds?: number): void {
    const now = Date.now();
    if (retryAfterSeconds !== undefined) this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterSeconds * 1000);
    if (rateLimit) {
      this.prune(now);
      this.gatewayLimit = rateLimit.limit;
      // Someone else is using the key too: count their requests as ours. After a 429 they free up
      // when Retry-After says, so they are dated to leave the window then.
      const countedAt = retryAfterSeconds === undefined ? now : this.pausedUntil - WINDOW_MS;
      for (let missing = rateLimit.limit - rateLimit.remaining - this.grants.length; missing > 0; missing--) {
        this.grants.push(countedAt);
      }
      this.grants.sort((a, b) => a - b);
    }
    this.pump();
  }

  get waiting(): number {
    return this.queue.length;
  }

  private prune(now: number): void {
    this.grants = this.grants.filter((at) => at > now - WINDOW_MS);
  }

  private pump(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = Date.now();
    this.prune(now);
    while (this.queue.length > 0 && now >= this.pausedUntil && this.grants.length < this.rpm) {
      this.grants.push(now);
      this.queue.shift()!.grant();
    }
    if (this.queue.length === 0) return;
    const nextSlot = this.grants.length < this.rpm ? now : this.grants[0]! + WINDOW_MS;
    const wait = Math.max(this.pausedUntil, nextSlot) - now;
    this.timer = setTimeout(() => this.pump(), Math.max(1, wait));
    this.timer.unref?.();
  }
}
