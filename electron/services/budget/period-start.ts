/**
 * When the key's current day or month began, from when it next resets (the balance answer's
 * `*_reset_at`, with the gateway's UTC offset). Without a reset time, the local day or month.
 */
export function periodStart(resetAt: string | null, period: "day" | "month", now = new Date()): number {
  const reset = resetAt === null ? Number.NaN : Date.parse(resetAt);
  if (Number.isNaN(reset)) {
    const local =
      period === "day"
        ? new Date(now.getFullYear(), now.getMonth(), now.getDate())
        : new Date(now.getFullYear(), now.getMonth(), 1);
    return local.getTime();
  }
  if (period === "day") return reset - 24 * 3600 * 1000;
  // A month before the reset, at the same wall-clock time in the gateway's offset.
  const offsetMinutes = utcOffsetMinutes(resetAt ?? "");
  const shifted = new Date(reset + offsetMinutes * 60_000);
  shifted.setUTCMonth(shifted.getUTCMonth() - 1);
  return shifted.getTime() - offsetMinutes * 60_000;
}

function utcOffsetMinutes(iso: string): number {
  const match = /([+-])(\d{2}):(\d{2})$/.exec(iso);
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}
