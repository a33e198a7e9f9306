/**
 * How one balance movement is split over the app's calls (and refunds) in it, and what is left as
 * other spend on the key. The gateway names no cost per call, so each split says where it comes
 * from (see docs/budget.md):
 * - `priced`: the server's published price (or the user's) times the usage it reported;
 * - `measured`: a call alone in its movement, which moved the key by what a trusted or confirmed
 *   price predicts (two sources agreeing);
 * - `estimated`: anything else, always with a range [low, high] that holds the charge.
 * A call whose price is unknown is never given more than the least it can have cost: the rest of
 * the movement is a range shared with other spend, so two copies of the app on one key never both
 * count the same charge, and no guess is taken for a price.
 */

export type CostKind = "priced" | "measured" | "estimated";

/** A charge (sign 1) or a refund (sign -1) that happened between `from` and `to`; `to` null while unknown. */
export interface MoneyEvent {
  readonly id: string;
  readonly from: number;
  readonly to: number | null;
  readonly sign: 1 | -1;
  /** What trusted or confirmed prices say it costs (unsigned), or null when they cannot tell. */
  readonly estimate: number | null;
  /**
   * The best guess of its cost where that is not the estimate (a listed price scaled to a size it
   * was not confirmed at): the point of its range when the movement does not confirm the estimate.
   */
  readonly point?: number | null;
  /** The estimate is the server's published price (or the user's) times the usage the server reported. */
  readonly priced?: boolean;
  /** The least it can have cost, whatever the movement (0 when nothing bounds it). */
  readonly low?: number;
  /** The most it can have cost, whatever the movement; null when only the movement bounds it. */
  readonly high?: number | null;
  /** A refund's: the charge it gives back, when that charge is being split too. */
  readonly of?: string;
}

export interface AttributedEvent {
  readonly id: string;
  /** Unsigned: what was charged, or given back for a refund; for an estimate, its point within the range. */
  readonly amount: number;
  readonly low: number;
  /** Null when nothing bounds it from above (a call no movement measures). */
  readonly high: number | null;
  readonly kind: CostKind;
}

export interface Split {
  readonly attributed: AttributedEvent[];
  /** What was expected of the events (signed), null when one has no price. */
  readonly expected: number | null;
  /** The part of the movement the events' points leave: other spend (negative: money back elsewhere). */
  readonly other: number;
  /** The range of other spend: wider than a point when it is shared with calls of unknown price. */
  readonly otherLow: number;
  readonly otherHigh: number;
}

/** A movement within this share of what a lone call was expected to cost is that call's alone. */
export const RELATIVE_TOLERANCE = 0.02;
/** Below this, a difference is float noise, not money. */
export const NOISE = 1e-9;

const exact = (id: string, amount: number, kind: CostKind): AttributedEvent => ({
  id,
  amount,
  low: amount,
  high: amount,
  kind,
});

/**
 * Splits a movement `spent` over its events; `rounding` is how far the readings' figures may be off.
 * The cases, in order: the prices explain the movement (to the rounding, or a lone call within 2 %);
 * the key moved less than the prices say (they are out of date: calls are scaled to it, ≈); else
 * the prices explain their part and what is left is other spend, shared with the calls of unknown price.
 */
export function splitMovement(events: readonly MoneyEvent[], spent: number, rounding: number): Split {
  const known = events.every((event) => event.estimate !== null);
  const expected = known ? events.reduce((sum, event) => sum + event.sign * (event.estimate ?? 0), 0) : null;
  const [only] = events;
  const lone = events.length === 1 ? only : undefined;
  if (expected !== null) {
    const gap = spent - expected;
    // Stryker disable next-line EqualityOperator: a gap of exactly rounding + NOISE is float noise either way
    if (Math.abs(gap) <= rounding + NOISE) {
      // The movement confirms the prices: they are more exact than the rounded figures.
      const attributed = events.map((event) =>
        lone ? exact(event.id, event.estimate ?? 0, "measured") : pointOf(event, events, spent),
      );
      return { attributed, expected, other: 0, otherLow: 0, otherHigh: 0 };
    }
    if (lone && Math.abs(gap) <= RELATIVE_TOLERANCE * Math.abs(expected)) {
      const amount = Math.max(0, lone.sign * spent);
      return { attributed: [exact(lone.id, amount, "measured")], expected, other: 0, otherLow: 0, otherHigh: 0 };
    }
    // Less than the prices say, and not money back (elsewhere or a refund in it): the prices are out of date.
    if (gap < 0 && spent >= 0 && events.every((event) => event.sign === 1)) {
      return { ...scaled(events, spent, expected), expected };
    }
  }
  return { ...shared(events, spent), expected };
}

/**
 * The key moved by less than the prices say: they are out of date. The calls the server's list
 * prices keep their price while the others can take the shortfall; those are scaled to what is
 * left, each ≈ from its own least to what the movement leaves once the others have theirs.
 */
function scaled(events: readonly MoneyEvent[], spent: number, expected: number): Omit<Split, "expected"> {
  const listed = events.filter((event) => event.priced);
  const listedTotal = listed.reduce((total, event) => total + (event.estimate ?? 0), 0);
  const rest = events.filter((event) => !event.priced);
  if (rest.length > 0 && listedTotal <= spent) {
    const split = scaledTo(rest, spent - listedTotal, expected - listedTotal);
    return {
      ...split,
      attributed: [...listed.map((event) => exact(event.id, event.estimate ?? 0, "priced")), ...split.attributed],
    };
  }
  return scaledTo(events, spent, expected);
}

function scaledTo(events: readonly MoneyEvent[], spent: number, expected: number): Omit<Split, "expected"> {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: an expected 0 with a gap under 0 means spent < 0, which never gets here
  const scale = Math.abs(expected) > NOISE ? spent / expected : 0;
  const points = events.map((event) => Math.max(0, (event.estimate ?? 0) * scale));
  const lows = events.map((event, i) => Math.min(points[i] ?? 0, event.low ?? 0));
  const lowTotal = lows.reduce((total, low) => total + low, 0);
  const attributed = events.map((event, i): AttributedEvent => {
    const amount = points[i] ?? 0;
    const low = lows[i] ?? 0;
    const high = Math.max(amount, Math.min(event.high ?? Infinity, spent - (lowTotal - low)));
    return { id: event.id, amount, low, high, kind: "estimated" };
  });
  return { attributed, other: 0, otherLow: 0, otherHigh: Math.max(0, spent - lowTotal) };
}

/**
 * The events' prices explain their part; a call of unknown price is given the least it can have
 * cost and may have cost all the rest: other spend is what the points leave, as a range.
 */
function shared(events: readonly MoneyEvent[], spent: number): Omit<Split, "expected"> {
  // A call refunded within the same movement nets to nothing in it: the movement bounds neither. A
  // refund whose call is in another movement gives back what that call is booked at, like any refund.
  const ids = new Set(events.map((event) => event.id));
  const paired = new Set(
    events.flatMap((event) => (event.sign === -1 && event.of && ids.has(event.of) ? [event.of] : [])),
  );
  const charges = events.filter((event) => event.sign === 1 && !paired.has(event.id));
  const refunds = events.filter((event) => event.sign === -1 && !(event.of && paired.has(event.of)));
  const lowTotal = charges.reduce((total, event) => total + lowOf(event), 0);
  const givenBack = refunds.reduce((total, event) => total + (event.estimate ?? event.low ?? 0), 0);
  const charged = charges.map((event): AttributedEvent => {
    const low = lowOf(event);
    if (event.priced && event.estimate !== null) return exact(event.id, event.estimate, "priced");
    // What the movement leaves for this call once every other call has its least; less than its
    // own least means money came back elsewhere meanwhile, and then the movement bounds nothing.
    const room = spent + givenBack - (lowTotal - low);
    const high = Math.min(event.high ?? Infinity, room >= low ? room : Infinity);
    const amount = Math.min(Math.max(guessOf(event) ?? low, low), high);
    return { id: event.id, amount, low, high: Number.isFinite(high) ? high : null, kind: "estimated" };
  });
  // A refund gives back what its call was booked at (the attributor always knows that figure).
  const returned = refunds.map((event) =>
    exact(event.id, event.estimate ?? event.low ?? 0, event.priced ? "priced" : "estimated"),
  );
  const sum = (list: readonly AttributedEvent[], pick: (event: AttributedEvent) => number) =>
    list.reduce((total, event) => total + pick(event), 0);
  const net = sum(charged, (event) => event.amount) - sum(returned, (event) => event.amount);
  const other = spent - net;
  // The most the app's own events can have taken of the movement, and the least.
  const ownHigh = net + sum(charged, (event) => (event.high ?? Infinity) - event.amount);
  const ownLow = net - sum(charged, (event) => event.amount - event.low);
  return {
    attributed: [...charged, ...returned, ...refundedPairs(events, paired)],
    other: Math.abs(other) > NOISE ? other : 0,
    otherLow: Math.min(Math.max(0, spent - ownHigh), Math.max(0, other)),
    otherHigh: Math.max(spent - ownLow, other),
  };
}

/** A call and its refund in one movement: the call within its own bounds, the refund giving back just that. */
function refundedPairs(events: readonly MoneyEvent[], paired: ReadonlySet<string>): AttributedEvent[] {
  return events.flatMap((charge) => {
    if (charge.sign !== 1 || !paired.has(charge.id)) return [];
    const low = lowOf(charge);
    const kind = charge.priced && charge.estimate !== null ? "priced" : "estimated";
    const amount = Math.min(Math.max(guessOf(charge) ?? low, low), charge.high ?? Infinity);
    const refund = events.find((event) => event.of === charge.id);
    const high = kind === "priced" ? amount : (charge.high ?? null);
    return [
      { id: charge.id, amount, low: Math.min(low, amount), high, kind },
      ...(refund ? [exact(refund.id, amount, kind)] : []),
    ];
  });
}

const guessOf = (event: MoneyEvent) => event.point ?? event.estimate;

/** The least a charge can have cost: its price when the server's list gives it, else its own lower bound. */
const lowOf = (event: MoneyEvent) => (event.priced && event.estimate !== null ? event.estimate : (event.low ?? 0));

/** An event the movement confirms, in a burst: priced by the server's list, or ≈ between its bounds. */
function pointOf(event: MoneyEvent, events: readonly MoneyEvent[], spent: number): AttributedEvent {
  const price = event.estimate ?? 0;
  if (event.priced || event.sign === -1) return exact(event.id, price, event.priced ? "priced" : "estimated");
  const othersLeast = events.reduce(
    (sum, other) => (other === event ? sum : sum + (other.sign === 1 ? lowOf(other) : -(other.estimate ?? 0))),
    0,
  );
  const low = Math.min(price, event.low ?? 0);
  const high = Math.max(price, Math.min(event.high ?? Infinity, spent - othersLeast));
  return { id: event.id, amount: price, low, high, kind: "estimated" };
}
