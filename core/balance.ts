import { toNumber } from './format.ts';

/** The colours of a balance by its sign: a credit in the customer's favour green, a debt red. */
export interface BalanceColors {
  negative: string;
  positive: string;
}

/** The active-balances rule's colours (Blueprint's dark green and red: legible on the table's stripes, 4.5:1 and more). */
export const defaultBalanceColors: BalanceColors = { negative: '#1C6E42', positive: '#AC2F33' };

/** `credit` below zero (in the customer's favour), `debt` above, `settled` at zero or not a number. */
export type BalanceSign = 'credit' | 'debt' | 'settled';

export function balanceSign(value: unknown): BalanceSign {
  const n = toNumber(value);
  if (!Number.isFinite(n) || n === 0) return 'settled';
  return n < 0 ? 'credit' : 'debt';
}

/** The colour a balance is shown in (the `balance` formatter shows its absolute value); none when settled. */
export function balanceColor(value: unknown, colors: BalanceColors = defaultBalanceColors): string | undefined {
  const sign = balanceSign(value);
  if (sign === 'settled') return undefined;
  return sign === 'credit' ? colors.negative : colors.positive;
}
