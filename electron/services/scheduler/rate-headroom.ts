import type { RateLimitSnapshot } from "../../../shared/ipc/budget.ts";
import type { RateHeadroom } from "../../../shared/ipc/budget-overview.ts";

/** What a key's last answers said about its limits this minute. */
export class HeadroomTracker {
  private requests: RateLimitSnapshot | null = null;
  private tokens: RateLimitSnapshot | null = null;
  private observedAt: number | null = null;

  observe(requests: RateLimitSnapshot | null, tokens: RateLimitSnapshot | null, now = Date.now()): void {
    if (!requests && !tokens) return;
    if (requests) this.requests = requests;
    if (tokens) this.tokens = tokens;
    this.observedAt = now;
  }

  /** With what the key's scheduler holds back: how many requests, and when the first may go (epoch ms). */
  view(queued: number, heldUntil: number | null): RateHeadroom {
    return {
      requests: this.requests,
      tokens: this.tokens,
      observedAt: this.observedAt === null ? null : new Date(this.observedAt).toISOString(),
      queued,
      heldUntil: heldUntil === null ? null : new Date(heldUntil).toISOString(),
    };
  }
}
