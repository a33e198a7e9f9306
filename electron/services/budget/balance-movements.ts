/**
 * Attribution of balance movements to the calls that caused them. The gateway names no price per
 * call, so what a call cost is read from the key's counters: readings before and after it. A call
 * (or a refund) is known to lie between two readings when it started after the first was answered
 * and ended before the second was sent; calls that straddle a reading join the movements on both
 * sides into one. What the app's own calls do not explain is other spend on the key (another
 * device, a script, a teammate): it is kept apart, never folded into a call.
 *
 * These are the rules alone, over plain values; cost-attributor.ts reads the readings and calls from
 * the database, applies the rules and writes what they decide into the ledger.
 */

/** One balance reading: when it was asked for, when it came back, and the spending it showed. */
export interface BalanceReading {
  readonly sentAt: number;
  readonly receivedAt: number;
  readonly balance: number;
  readonly dailyUsed: number | null;
  readonly monthlyUsed?: number | null;
}

/** A charge (sign 1) or a refund (sign -1) that happened between `from` and `to`; `to` null while unknown. */
export interface MoneyEvent {
  readonly id: string;
  readonly from: number;
  readonly to: number | null;
  readonly sign: 1 | -1;
  /** What prices say it costs (unsigned), or null when they cannot tell. */
  readonly estimate: number | null;
  /** How much an unpriced call weighs against others of unknown price when a movement is split. */
  readonly weight?: number;
}

interface AttributedEvent {
  readonly id: string;
  /** Unsigned: what was charged, or given back for a refund. */
  readonly amount: number;
  readonly basis: "measured" | "estimated";
}

/** A movement and the events that made it, for learning prices. */
interface MovementGroup {
  readonly eventIds: readonly string[];
  readonly spent: number;
  /** What the prices in force expected of the events (signed), null when one of them has no price. */
  readonly expected: number | null;
  /** What the events do not explain: other spend on the key in the same stretch (0 when explained). */
  readonly other: number;
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

/** A movement within this share of what the calls were expected to cost is theirs alone. */
export const RELATIVE_TOLERANCE = 0.02;
/** Below this, a movement is float noise, not money. */
const NOISE = 1e-9;

/**
 * What was spent between two readings. The key's daily use follows only this key (the balance is
 * the whole tenant's), so it is used unless it fell while the balance did not rise: the day was
 * reset, and the month's use tells, or across a month's reset the balance.
 */
export function spentBetween(before: BalanceReading, after: BalanceReading): number {
  const balanceSpent = before.balance - after.balance;
  const counters: [number | null | undefined, number | null | undefined][] = [
    [before.dailyUsed, after.dailyUsed],
    [before.monthlyUsed, after.monthlyUsed],
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
export function resolutionOf(readings: readonly BalanceReading[]): number {
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
  /** A paid task still running from here may yet be refunded: movements after it are not judged yet. */
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
  // Movements after a call still out cannot be told apart from it yet: the run stops there.
  const open = merged.find((span) => !Number.isFinite(span.last));
  const held =
    context.holdFrom == null ? -1 : samples.findLastIndex((sample) => sample.receivedAt <= (context.holdFrom ?? 0));
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
    if (!Number.isFinite(span.last)) continue;
    let spent = 0;
    for (let index = span.first; index < span.last; index++) {
      covered.add(index);
      spent += intervalSpent(samples, index);
    }
    const explanation = explain(span.events, spent, resolution * (span.last - span.first));
    attributed.push(...explanation.attributed);
    groups.push({
      eventIds: span.events.map((event) => event.id),
      spent,
      expected: explanation.expected,
      other: Math.abs(explanation.other) > NOISE ? explanation.other : 0,
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
      ...merged.filter((span) => !Number.isFinite(span.last)).flatMap((span) => span.events.map((event) => event.id)),
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

interface Explanation {
  readonly attributed: AttributedEvent[];
  /** What was expected of the events (signed), null when one has no price. */
  readonly expected: number | null;
  /** The part of the movement the events do not explain. */
  readonly other: number;
}

/**
 * Splits a movement over its events. Priced events explain what their prices say; a lone event
 * whose price the movement confirms (within the readings' rounding, or 2 %) is measured; what the
 * prices leave over is other spend. Events of unknown price share what is left, by weight.
 */
function explain(events: readonly MoneyEvent[], spent: number, rounding: number): Explanation {
  const unknown = events.filter((event) => event.estimate === null);
  const expected = events.reduce((sum, event) => sum + event.sign * (event.estimate ?? 0), 0);
  const alone = events.length === 1;
  if (unknown.length > 0) {
    const [only] = events;
    if (alone && only) {
      const amount = Math.max(0, only.sign * spent);
      return { attributed: [{ id: only.id, amount, basis: "measured" }], expected: null, other: 0 };
    }
    const left = spent - expected;
    const totalWeight = unknown.reduce((sum, event) => sum + (event.weight ?? 1), 0);
    const attributed = events.map((event) => ({
      id: event.id,
      amount: event.estimate ?? Math.max(0, (event.sign * left * (event.weight ?? 1)) / Math.max(totalWeight, NOISE)),
      basis: "estimated" as const,
    }));
    const assigned = attributed.reduce((sum, event, i) => sum + (events[i]?.sign ?? 1) * event.amount, 0);
    return { attributed, expected: null, other: spent - assigned };
  }
  const gap = spent - expected;
  // Stryker disable next-line EqualityOperator: a gap of exactly rounding + NOISE is float noise either way
  if (Math.abs(gap) <= rounding + NOISE) {
    // The movement confirms the prices: they are more exact than the rounded figures.
    const basis: AttributedEvent["basis"] = alone ? "measured" : "estimated";
    return {
      attributed: events.map((event) => ({ id: event.id, amount: event.estimate ?? 0, basis })),
      expected,
      other: 0,
    };
  }
  if (Math.abs(gap) <= RELATIVE_TOLERANCE * Math.abs(expected) || (gap < 0 && spent >= 0)) {
    // Close enough to be these calls alone, or less than expected (nobody else makes a key spend less).
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an expected 0 with a gap under 0 means spent < 0, which never gets here
    const scale = Math.abs(expected) > NOISE ? spent / expected : 0;
    const basis: AttributedEvent["basis"] =
      alone && gap >= -RELATIVE_TOLERANCE * Math.abs(expected) ? "measured" : "estimated";
    const attributed = events.map((event) => ({
      id: event.id,
      amount: Math.max(0, (event.estimate ?? 0) * scale),
      basis,
    }));
    return { attributed, expected, other: 0 };
  }
  return {
    attributed: events.map((event) => ({ id: event.id, amount: event.estimate ?? 0, basis: "estimated" })),
    expected,
    other: gap,
  };
}
