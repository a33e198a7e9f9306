/**
 * Attribution of balance movements to the calls that caused them. The gateway names no price per
 * call, so what a call cost is read from the key's counters: readings before and after it. A call
 * (or a refund) is known to lie between two readings when it started after the first was answered
 * and ended before the second was sent; calls that straddle a reading join the movements on both
 * sides into one. What the app's own calls do not explain is other spend on the key (another
 * device, a script, a teammate): it is kept apart, never folded into a call.
 *
 * These are the rules alone, over plain values (movement-split.ts splits one movement); cost-attributor.ts reads the readings and calls from
 * the database, applies the rules and writes what they decide into the ledger.
 */

import { NOISE, splitMovement, type AttributedEvent, type MoneyEvent } from "./movement-split.ts";
import { confirmedMove, periodBegan, unconfirmedBetween } from "./reading-agreement.ts";

/** One balance reading: when it was asked for, when it came back, and the spending it showed. */
export interface BalanceReading {
  readonly sentAt: number;
  readonly receivedAt: number;
  readonly balance: number;
  readonly dailyUsed: number | null;
  readonly monthlyUsed?: number | null;
  /** When the key's day and month reset, as the reading said (ISO); absent where it did not. */
  readonly dailyResetAt?: string | null;
  readonly monthlyResetAt?: string | null;
}

/** A movement and the events that made it, for learning prices. */
interface MovementGroup {
  readonly eventIds: readonly string[];
  readonly spent: number;
  /** What the prices in force expected of the events (signed), null when one of them has no price. */
  readonly expected: number | null;
  /** What the events do not explain: other spend on the key in the same stretch (0 when explained). */
  readonly other: number;
  /** The range of that other spend: wider than a point when calls of unknown price share the movement. */
  readonly otherLow: number;
  readonly otherHigh: number;
  /** The stretch: from the reading before to the one after. */
  readonly from: number;
  readonly to: number;
}

/** Spend the app's calls do not explain, between two readings (a refund elsewhere is negative). */
export interface OtherSpend {
  readonly from: number;
  readonly to: number;
  readonly amount: number;
}

export interface Attribution {
  readonly attributed: AttributedEvent[];
  readonly groups: MovementGroup[];
  /** Movements no call of the app's was in: all of them other spend. */
  readonly otherSpend: OtherSpend[];
  /** Events with no reading before them: they can never be measured. */
  readonly unmeasurable: string[];
  /** Events whose movement is not closed by a later reading yet. */
  readonly waiting: string[];
  /** The latest reading every movement before which is accounted for: the next run starts there. */
  readonly settledThrough: BalanceReading | null;
}

/**
 * What was spent between two readings. The key's daily use follows only this key (the balance is
 * the whole tenant's), so it is used unless it fell while the balance did not rise: the day was
 * reset, and the month's use tells, or across a month's reset the balance. When the two counters
 * disagree with no reset to explain it (today's use rose while the month's did not), only what
 * both show counts: the rest is unconfirmed, never booked.
 */
export function spentBetween(before: BalanceReading, after: BalanceReading): number {
  if (unconfirmedBetween(before, after, resolutionOf([before, after])) > 0) {
    return confirmedMove(
      (after.dailyUsed ?? 0) - (before.dailyUsed ?? 0),
      (after.monthlyUsed ?? 0) - (before.monthlyUsed ?? 0),
    );
  }
  const balanceSpent = before.balance - after.balance;
  // A counter whose period began in between counts from then: its move is not what was spent.
  const counters: (readonly [number | null | undefined, number | null | undefined])[] = [
    ...(periodBegan(before, after, "day") ? [] : [[before.dailyUsed, after.dailyUsed] as const]),
    ...(periodBegan(before, after, "month") ? [] : [[before.monthlyUsed, after.monthlyUsed] as const]),
  ];
  for (const [was, is] of counters) {
    if (was == null || is == null) continue;
    if (is >= was || balanceSpent < 0) return is - was;
  }
  return balanceSpent;
}

/**
 * The smallest step the server's figures move in (a server rounding to 4 decimals moves in
 * 0.0001): two readings of a call can be off by that much without anyone else spending.
 */
export function resolutionOf(readings: readonly Pick<BalanceReading, "balance" | "dailyUsed">[]): number {
  let decimals = 0;
  for (const reading of readings) {
    for (const value of [reading.balance, reading.dailyUsed]) {
      // Stryker disable next-line ConditionalExpression: "null" has neither a dot nor an exponent, so it adds no decimals either way
      if (value === null) continue;
      const text = String(value);
      const dot = text.indexOf(".");
      if (text.includes("e")) decimals = 8;
      else if (dot !== -1) decimals = Math.max(decimals, Math.min(8, text.length - dot - 1));
    }
  }
  return 10 ** -decimals;
}

interface Span {
  first: number;
  last: number;
  events: MoneyEvent[];
}

/** What else a run must know: calls already accounted for, and from when refunds may still come. */
interface AttributionContext {
  /** Calls and refunds attributed earlier: the movements around them are not other spend. */
  readonly accounted?: readonly { readonly from: number; readonly to: number }[];
  /** A paid task still running from here may yet be refunded: movements after it are not split nor judged yet. */
  readonly holdFrom?: number | null;
}

export function attribute(
  readings: readonly BalanceReading[],
  events: readonly MoneyEvent[],
  context: AttributionContext = {},
): Attribution {
  const samples = [...readings].sort((a, b) => a.receivedAt - b.receivedAt);
  const resolution = resolutionOf(samples);
  const unmeasurable: string[] = [];
  /** Calls with no reading before them that are still out, or that no reading has followed yet. */
  const unjudged: string[] = [];
  const spans: Span[] = [];
  const covered = new Set<number>();
  for (const event of events) {
    const span = spanOf(samples, event.from, event.to);
    if (span) {
      spans.push({ ...span, events: [event] });
      continue;
    }
    // No reading before the call: no movement measures it, but those while it was out may be its own charge.
    const after = readingAfter(samples, -1, event.to);
    if (after === -1) unjudged.push(event.id);
    else unmeasurable.push(event.id);
    for (let index = 0; index < after; index++) covered.add(index);
  }
  const merged = mergeOverlapping(spans);
  const held =
    context.holdFrom == null ? -1 : samples.findLastIndex((sample) => sample.receivedAt <= (context.holdFrom ?? 0));
  // A refund reaches back to the task's previous poll: a movement after a task that may still be
  // refunded is split only once the refund can join it, or the refund would find it judged already.
  const judgeable = (span: Span) => Number.isFinite(span.last) && (held === -1 || span.last <= held);
  // Movements after a call still out (or held) cannot be told apart from it yet: the run stops there.
  const open = merged.find((span) => !judgeable(span));
  const settledIndex = Math.max(
    0,
    Math.min(open ? open.first : samples.length - 1, held === -1 ? Infinity : held, unjudged.length > 0 ? 0 : Infinity),
  );
  // Stryker disable next-line ArrayDeclaration: an entry with no times spans no reading, so it is skipped like none
  for (const done of context.accounted ?? []) {
    const span = spanOf(samples, done.from, done.to);
    if (span) for (let index = span.first; index < Math.min(span.last, samples.length); index++) covered.add(index);
  }
  const attributed: AttributedEvent[] = [];
  const groups: MovementGroup[] = [];
  const otherSpend: OtherSpend[] = [];
  for (const span of merged) {
    if (!judgeable(span)) continue;
    let spent = 0;
    for (let index = span.first; index < span.last; index++) {
      covered.add(index);
      spent += intervalSpent(samples, index);
    }
    const split = splitMovement(span.events, spent, resolution * (span.last - span.first));
    attributed.push(...split.attributed);
    groups.push({
      eventIds: span.events.map((event) => event.id),
      spent,
      expected: split.expected,
      other: split.other,
      otherLow: split.otherLow,
      otherHigh: split.otherHigh,
      // Stryker disable next-line OptionalChaining: a settled span's first and last are readings' indexes
      from: samples[span.first]?.receivedAt ?? 0,
      // Stryker disable next-line OptionalChaining: a settled span's first and last are readings' indexes
      to: samples[span.last]?.sentAt ?? 0,
    });
  }
  for (let index = 0; index < settledIndex; index++) {
    if (covered.has(index)) continue;
    const spent = intervalSpent(samples, index);
    const from = samples[index];
    const to = samples[index + 1];
    // Stryker disable next-line EqualityOperator: a movement of exactly NOISE is float noise either way
    if (Math.abs(spent) > NOISE && from && to) otherSpend.push({ from: from.receivedAt, to: to.sentAt, amount: spent });
  }
  return {
    attributed,
    groups,
    otherSpend,
    unmeasurable,
    waiting: [
      ...merged.filter((span) => !judgeable(span)).flatMap((span) => span.events.map((event) => event.id)),
      ...unjudged,
    ],
    settledThrough: samples[settledIndex] ?? null,
  };
}

/** The readings around a call: the last answered before it began, the first sent after it ended. */
function spanOf(samples: readonly BalanceReading[], from: number, to: number | null): Omit<Span, "events"> | null {
  const first = samples.findLastIndex((sample) => sample.receivedAt <= from);
  if (first === -1) return null;
  const after = readingAfter(samples, first, to);
  return { first, last: after === -1 ? Infinity : after };
}

/** The first reading past `first` sent once a call that ended at `to` was over; -1 while it is out or until one is. */
function readingAfter(samples: readonly BalanceReading[], first: number, to: number | null): number {
  if (to === null) return -1;
  // Stryker disable next-line ArithmeticOperator: readings up to `first` were sent before the call began, so before it ended
  const later = samples.slice(first + 1);
  const index = later.findIndex((sample) => sample.sentAt >= to);
  return index === -1 ? -1 : first + 1 + index;
}

function intervalSpent(samples: readonly BalanceReading[], index: number): number {
  const before = samples[index];
  const after = samples[index + 1];
  // Stryker disable next-line ConditionalExpression,LogicalOperator: callers pass indexes of a reading with one after it
  return before && after ? spentBetween(before, after) : 0;
}

/** Spans sharing a stretch between two readings cannot be told apart: merge them. */
function mergeOverlapping(spans: Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.first - b.first)) {
    const previous = merged.at(-1);
    if (previous && span.first < previous.last) {
      previous.last = Math.max(previous.last, span.last);
      previous.events.push(...span.events);
    } else merged.push({ ...span, events: [...span.events] });
  }
  return merged;
}
