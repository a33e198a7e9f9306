// One formatter each, made once: a table or chart formats thousands of amounts.
const CENTS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const SUB_CENT = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * Money with currency and two decimals, in tabular figures (see the CSS); an amount under a cent
 * keeps up to four decimals, so a small spend never reads ¥0.00.
 */
export function formatMoney(amount: number, currency = "CNY"): string {
  const symbol = currency === "CNY" ? "¥" : `${currency} `;
  const subCent = amount !== 0 && Math.abs(amount) < 0.01;
  return `${symbol}${(subCent ? SUB_CENT : CENTS).format(amount)}`;
}

/** `1d 02:03:04` style, for countdowns. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const clock = [Math.floor((seconds % 86_400) / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
    .map((part) => String(part).padStart(2, "0"))
    .join(":");
  return days > 0 ? `${days}d ${clock}` : clock;
}
