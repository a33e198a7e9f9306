/**
 * Attribution of balance movements to the calls that caused them. The gateway names no price, so
 * what a call cost is read from the balance: samples taken before and after it. A call (or a
 * refund) is known to lie between two samples when it started after the first was answered and
 * ended before the second was sent; calls that straddle a sample join the movements on both sides
 * into one. A movement with one call is that call's measured cost; several share it by estimate.
 */

/** One balance reading: when it was asked for, when it came back, and the spending it showed. */
export interface BalanceReading {
  readonly sentAt: number;
  readonly receivedAt: number;
  readonly balance: number;
  readonly dailyUsed: number | null;
}

/** A charge (sign 1) or a refund (sign -1) that happened between `from` and `to`; `to` null while unknown. */
export interface MoneyEvent {
  readonly id: string;
  readonly from: number;
  readonly to: number | null;
  readonly sign: 1 | -1;
  /** What prices say it costs (unsigned), or null when they cannot tell. */
  readonly estimate: number | null;
}

export interface AttributedEvent {
  readonly id: string;
  /** Unsigned: what was charged, or given back for a refund. */
  readonly amount: number;
  readonly basis: "measured" | "estimated";
}

/** A movement and the events that made it, for learning prices. */
export interface MovementGroup {
  readonly eventIds: readonly string[];
  readonly spent: number;
}

export interface Attribution {
  readonly attributed: AttributedEvent[];
  readonly groups: MovementGroup[];
  /** Events with no reading before them: they can never be measured. */
  readonly unmeasurable: string[];
  /** Events whose movement is not closed by a later reading yet. */
  readonly waiting: string[];
}

/**
 * What was spent between two readings. The key's daily use follows only this key, so it is used
 * unless it fell while the balance did not rise (the day was reset); then the balance tells.
 */
export function spentBetween(before: BalanceReading, after: BalanceReading): number {
  const balanceSpent = before.balance - after.balance;
  if (before.dailyUsed === null || after.dailyUsed === null) return balanceSpent;
  const dailySpent = after.dailyUsed - before.dailyUsed;
  return dailySpent < 0 && balanceSpent >= 0 ? balanceSpent : dailySpent;
}

export function attribute(readings: readonly BalanceReading[], events: readonly MoneyEvent[]): Attribution {
  const samples = [...readings].sort((a, b) => a.receivedAt - b.receivedAt);
  const unmeasurable: string[] = [];
  const spans: { first: number; last: number; events: MoneyEvent[] }[] = [];
  for (const event of events) {
    const first = samples.findLastIndex((sample) => sample.receivedAt <= event.from);
    if (first === -1) {
      unmeasurable.push(event.id);
      continue;
    }
    const to = event.to;
    const after = to === null ? -1 : samples.findIndex((sample, index) => index > first && sample.sentAt >= to);
    spans.push({ first, last: after === -1 ? Infinity : after, events: [event] });
  }
  // Spans sharing a stretch between two readings cannot be told apart: merge them.
  spans.sort((a, b) => a.first - b.first);
  const merged: typeof spans = [];
  for (const span of spans) {
    const previous = merged.at(-1);
    if (previous && span.first < previous.last) {
      previous.last = Math.max(previous.last, span.last);
      previous.events.push(...span.events);
    } else merged.push({ ...span, events: [...span.events] });
  }
  const attributed: AttributedEvent[] = [];
  const groups: MovementGroup[] = [];
  const waiting: string[] = [];
  for (const group of merged) {
    const lastSample = Number.isFinite(group.last) ? samples[group.last] : undefined;
    if (!lastSample) {
      waiting.push(...group.events.map((event) => event.id));
      continue;
    }
    let spent = 0;
    for (let index = group.first; index < group.last; index++) {
      const before = samples[index];
      const after = samples[index + 1];
      if (before && after) spent += spentBetween(before, after);
    }
    groups.push({ eventIds: group.events.map((event) => event.id), spent });
    attributed.push(...share(group.events, spent));
  }
  return { attributed, groups, unmeasurable, waiting };
}

/** Splits a movement over its events: all of it to a lone event, else in proportion to their estimates. */
export function share(events: readonly MoneyEvent[], spent: number): AttributedEvent[] {
  const [only] = events;
  if (events.length === 1 && only) return [{ id: only.id, amount: Math.max(0, only.sign * spent), basis: "measured" }];
  const known = events.filter((event) => event.estimate !== null);
  const unknown = events.filter((event) => event.estimate === null);
  const expected = known.reduce((sum, event) => sum + event.sign * (event.estimate ?? 0), 0);
  const scale = unknown.length === 0 && expected > 0 && spent > 0 ? spent / expected : 1;
  const remainder = unknown.length === 0 ? 0 : (spent - expected) / unknown.length;
  return events.map((event) => ({
    id: event.id,
    amount: Math.max(0, event.estimate === null ? event.sign * remainder : event.estimate * scale),
    basis: "estimated",
  }));
}
