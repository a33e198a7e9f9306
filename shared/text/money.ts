/** A number format for money with this many decimals at most (two at least). */
export type MoneyDigits = (maximumFractionDigits: 2 | 4) => Intl.NumberFormat;

/** Money options for Intl.NumberFormat: two decimals, or up to `digits`. */
export const moneyOptions = (digits: 2 | 4): Intl.NumberFormatOptions => ({
  minimumFractionDigits: 2,
  maximumFractionDigits: digits,
});

/**
 * Money with its currency and two decimals; an amount under a cent keeps up to four, so a small
 * spend never reads ¥0.00.
 */
export function formatMoneyWith(format: MoneyDigits, amount: number, currency = "CNY"): string {
  const symbol = currency === "CNY" ? "¥" : `${currency} `;
  const subCent = amount !== 0 && Math.abs(amount) < 0.01;
  return `${symbol}${format(subCent ? 4 : 2).format(amount)}`;
}
