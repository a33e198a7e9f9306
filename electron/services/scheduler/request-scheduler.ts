import type { RateLimitSnapshot } from "../../../shared/ipc/budget.ts";
import { MAX_RETRY_AFTER_S } from "../gateway-client/rate-limit-retry.ts";
import { monotonicNow, wallTimeOf } from "./monotonic-clock.ts";

export type RequestPriority = "user" | "poll";

/** A request let out, dated (on the monotonic clock) from when it counts against the key's minute. */
interface Grant {
  at: number;
}

interface Waiter {
  readonly priority: RequestPriority;
  /** The kind of call it is: a Retry-After pauses calls of the kind it answered, not the others. */
  readonly scope: string;
  readonly grant: (grant: Grant) => void;
  readonly refuse: (reason: unknown) => void;
  /** Told when the request is expected to go out (epoch ms), each time that estimate moves. */
  readonly onWait: ((until: number) => void) | undefined;
  notifiedUntil: number;
}

// A second more than the gateway's minute: a request is counted there a little after it is granted here.
const WINDOW_MS = 61_000;

/** An estimate that moves by less than this is not worth telling the user about. */
const WAIT_NOTICE_STEP_MS = 1000;

/**
 * One per API key: spaces every request of the key so it stays within its requests per minute.
 * User-initiated calls go ahead of polls; `Retry-After` pauses the kind of call it answered (a
 * refused chat does not hold the balance back), within the key's minute; the gateway's
 * `X-RateLimit-Remaining` corrects the count when others use the same key. Until the gateway has
 * answered once (and so told its real limit), requests go out one at a time.
 */
export class RequestScheduler {
  private configuredRpm: number;
  private gatewayLimit = Number.POSITIVE_INFINITY;
  private limitKnown = false;
  /** A request is out to a key whose limit is not known yet: the next waits for its answer. */
  private probing = false;
  /** Oldest first. */
  private readonly grants: Grant[] = [];
  /** Until when each kind of call is paused by a Retry-After (monotonic). */
  private readonly pauses = new Map<string, number>();
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;

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

  private pausedUntil(scope: string): number {
    return this.pauses.get(scope) ?? 0;
  }

  /**
   * Resolves when a request of this priority and kind (`scope`) may be sent, with its grant to
   * report the answer on.
   */
  acquire(
    priority: RequestPriority,
    signal?: AbortSignal,
    onWait?: (until: number) => void,
    scope = "",
  ): Promise<Grant> {
    return new Promise((grant, refuse) => {
      if (signal?.aborted) return refuse(signal.reason);
      const waiter: Waiter = { priority, scope, grant, refuse, onWait, notifiedUntil: 0 };
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
        // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts once, so its listener runs once either way
        { once: true },
      );
      this.pump();
    });
  }

  /**
   * Reads what the gateway said about the key's budget; a 429's Retry-After pauses the requests of
   * its kind (`scope`); a window reset time (shorter windows than a minute exist) dates when counted
   * requests leave.
   */
  observe(rateLimit: RateLimitSnapshot | null, retryAfterSeconds?: number, resetMs?: number, scope = ""): void {
    const now = monotonicNow();
    this.limitKnown = true;
    if (retryAfterSeconds !== undefined) {
      // A longer pause is the caller's to refuse and say (withRateLimitRetry): the key never stops for longer.
      const pause = Math.min(retryAfterSeconds, MAX_RETRY_AFTER_S) * 1000;
      this.pauses.set(scope, Math.max(this.pausedUntil(scope), now + pause));
    }
    if (rateLimit) {
      this.prune(now);
      // A limit below one request would hold the key until restart: it is no limit the app can keep.
      if (rateLimit.limit >= 1) this.gatewayLimit = rateLimit.limit;
      // Someone else is using the key too: count their requests as ours. After a 429 they free up
      // when Retry-After says, so they are dated to leave the window then. More than the key's
      // limit need not be counted: that many already fill its minute, whatever the gateway claims.
      const countedAt = retryAfterSeconds === undefined ? now : this.pausedUntil(scope) - WINDOW_MS;
      const used = Math.min(rateLimit.limit - rateLimit.remaining, this.rpm);
      if (used > this.grants.length) {
        for (let missing = used - this.grants.length; missing > 0; missing--) this.grants.push({ at: countedAt });
        this.grants.sort((a, b) => a.at - b.at);
      }
    }
    if (resetMs !== undefined) {
      const leftBy = now + resetMs - WINDOW_MS;
      for (const grant of this.grants) grant.at = Math.min(grant.at, leftBy);
    }
    this.pump();
  }

  /**
   * The gateway answered a granted request: it counted it by now at the latest. Dating the grant
   * from the answer keeps a busy machine's delay between granting and sending from freeing its
   * slot here before the gateway does.
   */
  answered(grant: Grant): void {
    const now = monotonicNow();
    if (grant.at >= now) return;
    // The most recent grants are the last: the answered one is found from the end.
    const index = this.grants.lastIndexOf(grant);
    grant.at = now;
    if (index === -1) return;
    this.grants.splice(index, 1);
    this.addGrant(grant);
  }

  /** A granted request that got no answer at all (network error, cancelled): the next one may go. */
  unanswered(grant?: Grant): void {
    if (grant) this.answered(grant);
    this.probing = false;
    this.pump();
  }

  /** Keeps the grants oldest first, where a new one almost always goes last. */
  private addGrant(grant: Grant): void {
    let index = this.grants.length;
    while (index > 0 && (this.grants[index - 1]?.at ?? 0) > grant.at) index--;
    this.grants.splice(index, 0, grant);
  }

  get waiting(): number {
    return this.queue.length;
  }

  /**
   * When the first request held back may go out (epoch ms): null when none waits, or when it waits
   * for the answer that tells the key's limit, which comes when it comes.
   */
  firstHeldSendsAt(): number | null {
    if (!this.holdsTimedWork) return null;
    const now = monotonicNow();
    this.prune(now);
    return wallTimeOf(this.nextSendAt(now));
  }

  /** When the next request may go out (monotonic): a free place in the minute, once its kind's pause ends. */
  private nextSendAt(now: number): number {
    const oldest = this.grants[0];
    const nextSlot =
      this.grants.length < this.rpm ||
      // Stryker disable next-line ConditionalExpression: the RPM is at least 1, so a full minute has an oldest grant
      oldest === undefined
        ? now
        : oldest.at + WINDOW_MS;
    return Math.min(...this.queue.map((waiter) => Math.max(this.pausedUntil(waiter.scope), nextSlot)));
  }

  /** Requests the key could still send in its current minute. */
  freeSlots(): number {
    this.prune(monotonicNow());
    return Math.max(0, this.rpm - this.grants.length);
  }

  /** More than half of the key's current minute is spent: background work had better wait. */
  busy(): boolean {
    return this.freeSlots() < this.rpm / 2;
  }

  private get mayGrant(): boolean {
    return this.limitKnown || !this.probing;
  }

  /** Requests wait, and for a time it can tell: a place in the minute, not the answer of the limit's probe. */
  private get holdsTimedWork(): boolean {
    return this.queue.length > 0 && this.mayGrant;
  }

  private prune(now: number): void {
    let left = 0;
    while (left < this.grants.length && (this.grants[left]?.at ?? 0) <= now - WINDOW_MS) left++;
    this.grants.splice(0, left);
  }

  private pump(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = monotonicNow();
    this.prune(now);
    while (this.grants.length < this.rpm && this.mayGrant) {
      // The first in line whose kind is not paused: a paused kind does not hold the others back.
      const waiter = this.queue.find((queued) => now >= this.pausedUntil(queued.scope));
      if (!waiter) break;
      this.queue.splice(this.queue.indexOf(waiter), 1);
      const grant = { at: now };
      this.addGrant(grant);
      this.probing = !this.limitKnown;
      waiter.grant(grant);
    }
    if (!this.holdsTimedWork) return;
    const wait = this.nextSendAt(now) - now;
    this.timer = setTimeout(() => this.pump(), Math.max(1, wait));
    // Stryker disable next-line OptionalChaining: a Node timer always has unref
    this.timer.unref?.();
    this.tellWaits(now);
  }

  /** The i-th waiter goes out when the i-th oldest grant leaves the window (or the pause ends). */
  private tellWaits(now: number): void {
    const free = Math.max(0, this.rpm - this.grants.length);
    this.queue.forEach((waiter, index) => {
      if (!waiter.onWait) return;
      const slot = index < free ? now : (this.grants[index - free]?.at ?? now) + WINDOW_MS;
      const until = Math.max(this.pausedUntil(waiter.scope), slot);
      if (Math.abs(until - waiter.notifiedUntil) < WAIT_NOTICE_STEP_MS) return;
      waiter.notifiedUntil = until;
      waiter.onWait(wallTimeOf(until));
    });
  }
}
