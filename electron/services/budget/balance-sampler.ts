import { withoutLedgerLink } from "../ledger/ledger-context.ts";

/** When the balance is read on its own: shortly after paid work ends, and now and then while work goes on. */
export interface SamplerTiming {
  /** Quiet time after a paid call ends before reading, so calls ending together share one reading. */
  readonly afterActivityMs: number;
  /** The slow reading while the profile has been active recently (refunds of failed tasks, other devices). */
  readonly everyMs: number;
  /** How long after the last activity the slow reading goes on. */
  readonly activeForMs: number;
}

/**
 * While the key's minute is more than half spent, a reading after activity waits, checking again
 * each second, for at most this long: calls ending meanwhile share it, and the key's requests go
 * to the user's chats and the polls that find their results.
 */
const BUSY_WAIT_MAX_MS = 30_000;
const BUSY_RECHECK_MS = 1000;

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
  private readonly busy: (profileId: string) => boolean;
  private readonly soon = new Map<string, { timer: NodeJS.Timeout; due: number }>();
  /** When the activity a profile's next reading measures began to wait for it. */
  private readonly waitingSince = new Map<string, number>();
  private readonly activeUntil = new Map<string, number>();
  private slowTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    sample: (profileId: string) => Promise<unknown>,
    timing: SamplerTiming = DEFAULT_SAMPLER_TIMING,
    busy: (profileId: string) => boolean = () => false,
  ) {
    this.sample = sample;
    this.timing = timing;
    this.busy = busy;
  }

  /** A paid call of the profile ended, or a refund was seen; its charge may land `settlesIn` ms later. */
  noteActivity(profileId: string, settlesIn = 0): void {
    if (this.closed) return;
    if (!this.waitingSince.has(profileId)) this.waitingSince.set(profileId, Date.now());
    this.readAfter(profileId, settlesIn + this.timing.afterActivityMs);
    this.activeUntil.set(profileId, Date.now() + this.timing.activeForMs);
    this.slowTimer ??= setInterval(() => this.readActive(), this.timing.everyMs);
    this.slowTimer.unref();
  }

  /** Reads once `delayMs` have passed, and not before a reading already due later (a stopped stream's charge). */
  private readAfter(profileId: string, delayMs: number): void {
    const pending = this.soon.get(profileId);
    const due = Math.max(Date.now() + delayMs, pending?.due ?? 0);
    clearTimeout(pending?.timer);
    const timer = setTimeout(() => {
      this.soon.delete(profileId);
      const waited = Date.now() - (this.waitingSince.get(profileId) ?? Date.now());
      if (this.busy(profileId) && waited < BUSY_WAIT_MAX_MS) return this.readAfter(profileId, BUSY_RECHECK_MS);
      this.waitingSince.delete(profileId);
      void this.read(profileId);
    }, due - Date.now());
    timer.unref();
    this.soon.set(profileId, { timer, due });
  }

  close(): void {
    this.closed = true;
    for (const { timer } of this.soon.values()) clearTimeout(timer);
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
      // A timer set during a task's call runs in its context: the reading is no call of the task's.
      await withoutLedgerLink(() => this.sample(profileId));
    } catch {
      // A server without a balance endpoint, or offline: costs stay estimated.
      this.activeUntil.delete(profileId);
    }
  }
}
