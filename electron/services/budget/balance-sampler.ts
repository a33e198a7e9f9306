/** When the balance is read on its own: shortly after paid work ends, and now and then while work goes on. */
export interface SamplerTiming {
  /** Quiet time after a paid call ends before reading, so calls ending together share one reading. */
  readonly afterActivityMs: number;
  /** The slow reading while the profile has been active recently (refunds of failed tasks, other devices). */
  readonly everyMs: number;
  /** How long after the last activity the slow reading goes on. */
  readonly activeForMs: number;
}

export const DEFAULT_SAMPLER_TIMING: SamplerTiming = {
  afterActivityMs: 400,
  everyMs: 60_000,
  activeForMs: 10 * 60_000,
};

/**
 * Reads the balance of profiles that have been spending, so their costs can be measured. Nothing
 * happens without activity: an idle app sends no requests.
 */
export class BalanceSampler {
  private readonly sample: (profileId: string) => Promise<unknown>;
  private readonly timing: SamplerTiming;
  private readonly soon = new Map<string, NodeJS.Timeout>();
  private readonly activeUntil = new Map<string, number>();
  private slowTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(sample: (profileId: string) => Promise<unknown>, timing: SamplerTiming = DEFAULT_SAMPLER_TIMING) {
    this.sample = sample;
    this.timing = timing;
  }

  /** A paid call of the profile ended, or a refund was seen. */
  noteActivity(profileId: string): void {
    if (this.closed) return;
    clearTimeout(this.soon.get(profileId));
    const timer = setTimeout(() => {
      this.soon.delete(profileId);
      void this.read(profileId);
    }, this.timing.afterActivityMs);
    timer.unref();
    this.soon.set(profileId, timer);
    this.activeUntil.set(profileId, Date.now() + this.timing.activeForMs);
    this.slowTimer ??= setInterval(() => this.readActive(), this.timing.everyMs);
    this.slowTimer.unref();
  }

  close(): void {
    this.closed = true;
    for (const timer of this.soon.values()) clearTimeout(timer);
    this.soon.clear();
    if (this.slowTimer) clearInterval(this.slowTimer);
    this.slowTimer = null;
  }

  private readActive(): void {
    const now = Date.now();
    for (const [profileId, until] of this.activeUntil) {
      if (until < now) this.activeUntil.delete(profileId);
      else void this.read(profileId);
    }
    if (this.activeUntil.size === 0 && this.slowTimer) {
      clearInterval(this.slowTimer);
      this.slowTimer = null;
    }
  }

  private async read(profileId: string): Promise<void> {
    try {
      await this.sample(profileId);
    } catch {
      // A server without a balance endpoint, or offline: costs stay estimated.
      this.activeUntil.delete(profileId);
    }
  }
}
