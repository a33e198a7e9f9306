/** Two counters of one reading pair: the key's use today and this month, and when each resets. */
interface Counters {
  readonly dailyUsed: number | null;
  readonly monthlyUsed?: number | null;
  readonly dailyResetAt?: string | null;
  readonly monthlyResetAt?: string | null;
}

/** The key's day (month) began between two readings: the reset they name moved on. */
export function periodBegan(before: Counters, after: Counters, period: "day" | "month"): boolean {
  const [was, is] =
    period === "day" ? [before.dailyResetAt, after.dailyResetAt] : [before.monthlyResetAt, after.monthlyResetAt];
  return was != null && is != null && Date.parse(is) > Date.parse(was);
}

/**
 * How much of the move between two readings one of the key's counters shows and the other does
 * not: today's use is part of the month's, so both move by the same amount (a refund lowers both)
 * unless a day or a month began in between. 0 when they agree, a reset explains them, or a counter
 * is missing; `rounding` is how far the figures may be off.
 */
export function unconfirmedBetween(before: Counters, after: Counters, rounding: number): number {
  const [wasDay, isDay, wasMonth, isMonth] = [before.dailyUsed, after.dailyUsed, before.monthlyUsed, after.monthlyUsed];
  if (wasDay == null || isDay == null || wasMonth == null || isMonth == null) return 0;
  const tolerance = rounding + 1e-9;
  // Today's use can never be more than the month's.
  if (isDay > isMonth + tolerance) return isDay - isMonth;
  const day = isDay - wasDay;
  const month = isMonth - wasMonth;
  if (Math.abs(day - month) <= tolerance) return 0;
  // A month began: both counters started again, and today's is within the month's (checked above).
  if (month < -tolerance || periodBegan(before, after, "month")) return 0;
  // A day began, as the readings say: today's use is what was spent since, no more than the month's move.
  if (periodBegan(before, after, "day"))
    return isDay <= Math.max(0, month) + tolerance ? 0 : isDay - Math.max(0, month);
  // With no reset times to go by, a fall of today's use within the month's move is a day that began.
  if (day < -tolerance && isDay <= Math.max(0, month) + tolerance) return 0;
  return Math.abs(day - month);
}

/** The part of two counters' moves both confirm: the smaller, when they move the same way; else nothing. */
export function confirmedMove(day: number, month: number): number {
  if (Math.sign(day) !== Math.sign(month)) return 0;
  return Math.abs(day) < Math.abs(month) ? day : month;
}
