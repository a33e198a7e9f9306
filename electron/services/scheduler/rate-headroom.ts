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

  view(queued: number): RateHeadroom {
    return {
      requests: this.requests,
      tokens: this.tokens,
      observedAt: this.observedAt === null ? null : new Date(this.observedAt).toISOString(),
      queued,
    };
  }
}
