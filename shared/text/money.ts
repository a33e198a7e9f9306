/** How an amount is written: whole units with cents, or a small amount by its significant digits. */
type MoneyStyle = "cents" | "small";

/** A number format for money in this style. */
type MoneyFormats = (style: MoneyStyle) => Intl.NumberFormat;

/** Intl.NumberFormat options for each money style. */
export const moneyOptions = (style: MoneyStyle): Intl.NumberFormatOptions =>
  style === "cents"
    ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
    : { minimumSignificantDigits: 2, maximumSignificantDigits: 3 };

/**
 * Money with its currency: two decimals from one unit up, and three significant digits below
 * (¥0.0162, ¥0.50), so a small spend is read as it was charged, never rounded to ¥0.02 or ¥0.00.
 */
export function formatMoneyWith(format: MoneyFormats, amount: number, currency = "CNY"): string {
  const symbol = currency === "CNY" ? "¥" : `${currency} `;
  const small = amount !== 0 && Math.abs(amount) < 1;
  return `${symbol}${format(small ? "small" : "cents").format(amount)}`;
}
