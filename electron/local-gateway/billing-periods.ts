/** Day and month boundaries of the billing calendar, which runs at a fixed UTC offset. */
interface BillingPeriods {
  readonly dayStart: number;
  readonly dayReset: number;
  readonly monthStart: number;
  readonly monthReset: number;
}

function offsetMinutes(utcOffset: string): number {
  const sign = utcOffset.startsWith("-") ? -1 : 1;
  const [hours = 0, minutes = 0] = utcOffset.slice(1).split(":").map(Number);
  return sign * (hours * 60 + minutes);
}

export function billingPeriods(now: number, utcOffset: string): BillingPeriods {
  const offsetMs = offsetMinutes(utcOffset) * 60_000;
  const local = new Date(now + offsetMs);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const day = local.getUTCDate();
  return {
    dayStart: Date.UTC(year, month, day) - offsetMs,
    dayReset: Date.UTC(year, month, day + 1) - offsetMs,
    monthStart: Date.UTC(year, month, 1) - offsetMs,
    monthReset: Date.UTC(year, month + 1, 1) - offsetMs,
  };
}

/** ISO 8601 with the billing calendar's offset, e.g. `2026-11-23T00:00:00+08:00`. */
export function isoWithOffset(epochMs: number, utcOffset: string): string {
  const local = new Date(epochMs + offsetMinutes(utcOffset) * 60_000);
  return `${local.toISOString().slice(0, 19)}${utcOffset}`;
}
