import type { Attribution, BalanceReading } from "../../../electron/services/budget/balance-movements.ts";
import type { MoneyEvent } from "../../../electron/services/budget/movement-split.ts";

/** A reading asked for at `at` and answered 10 ms later, after `spent` in total. */
export const reading = (at: number, spent: number, dailyUsed: number | null = spent): BalanceReading => ({
  sentAt: at,
  receivedAt: at + 10,
  balance: 100 - spent,
  dailyUsed,
});

/** A charge between `from` and `to` (null while the call is out), at `estimate` when its price is known. */
export const charge = (id: string, from: number, to: number | null, estimate: number | null = null): MoneyEvent => ({
  id,
  from,
  to,
  sign: 1,
  estimate,
});

/** The attributed events without their ranges: what each was booked at, and its kind. */
export const brief = (result: Attribution) => result.attributed.map(({ id, amount, kind }) => ({ id, amount, kind }));
