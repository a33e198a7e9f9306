/** Polls use at most this share of a key's requests per minute; the rest stays free for what the user asks. */
const POLL_SHARE = 0.8;
/**
 * Polls saved up for when several completions are due at once: five seconds' worth. A burst counts
 * against the key for a whole minute, so a bigger one leaves no room for the completions after it.
 */
const BURST_MINUTES = 5 / 60;
/** Below half a full bucket, the polls left are kept for those likely to find a completion. */
const ROUTINE_FLOOR = 0.5;
/** How soon a routine poll held back by a busy key asks again. */
const HEADROOM_RECHECK_MS = 1000;

interface ProfilePolls {
  tokens: number;
  countedAt: number;
  inFlight: boolean;
}

/**
 * Each profile's polls as a bucket that fills at 80 % of its RPM and holds five seconds of them:
 * polls likely to find a completion may empty it, routine ones only while it is at least half full
 * and half the key's minute is free. One poll at a time, so the task to poll is chosen when a
 * request can actually go out rather than minutes earlier behind the key's limit. A profile
 * without a known RPM is not paced.
 */
export class PollPacer {
  private readonly rpmOf: (profileId: string) => number | undefined;
  private readonly busyOf: (profileId: string) => boolean;
  private readonly profiles = new Map<string, ProfilePolls>();

  // Stryker disable next-line ArrowFunction: busyOf's answer is only tested for truth, and undefined is as false as false
  constructor(rpmOf: (profileId: string) => number | undefined, busyOf: (profileId: string) => boolean = () => false) {
    this.rpmOf = rpmOf;
    this.busyOf = busyOf;
  }

  paced(profileId: string): boolean {
    return this.perMinute(profileId) > 0;
  }

  /** When a poll (`likely` to find a completion, or routine) may start; null while one is out. */
  openAt(profileId: string, likely: boolean, now: number): number | null {
    const polls = this.refilled(profileId, now);
    if (polls.inFlight) return null;
    // A request counts for a whole minute: while the key's minute is more than half spent, a look
    // that finds nothing would take the slot of one that finds a completion.
    if (!likely && this.busyOf(profileId)) return now + HEADROOM_RECHECK_MS;
    const needed = likely ? 1 : Math.max(1, this.capacity(profileId) * ROUTINE_FLOOR);
    const missing = needed - polls.tokens;
    return missing <= 0 ? now : now + Math.ceil((missing / this.perMinute(profileId)) * 60_000);
  }

  take(profileId: string, now: number): void {
    if (!this.paced(profileId)) return;
    const polls = this.refilled(profileId, now);
    polls.tokens = Math.max(0, polls.tokens - 1);
    polls.inFlight = true;
  }

  release(profileId: string): void {
    const polls = this.profiles.get(profileId);
    if (polls) polls.inFlight = false;
  }

  private refilled(profileId: string, now: number): ProfilePolls {
    const capacity = this.capacity(profileId);
    const polls = this.profiles.get(profileId) ?? { tokens: capacity, countedAt: now, inFlight: false };
    // A clock set back counts as no time passed, not as polls spent.
    const elapsed = Math.max(0, now - polls.countedAt);
    polls.tokens = Math.min(capacity, polls.tokens + (elapsed / 60_000) * this.perMinute(profileId));
    polls.countedAt = now;
    this.profiles.set(profileId, polls);
    return polls;
  }

  private perMinute(profileId: string): number {
    const rpm = this.rpmOf(profileId);
    return rpm === undefined || rpm <= 0 ? 0 : rpm * POLL_SHARE;
  }

  private capacity(profileId: string): number {
    return Math.max(1, this.perMinute(profileId) * BURST_MINUTES);
  }
}
