import { describe, expect, it } from 'vitest';
import { balanceColor, balanceSign, defaultBalanceColors } from './balance.ts';
import { formatValue } from './format.ts';

describe('the active-balances rule', () => {
  it('a negative balance is a credit (green), a positive one a debt (red), zero settled (uncoloured)', () => {
    expect([balanceSign(-1), balanceSign('-0.5'), balanceSign(2), balanceSign(0), balanceSign(null)]).toEqual(['credit', 'credit', 'debt', 'settled', 'settled']);
    expect(balanceColor(-10)).toBe(defaultBalanceColors.negative);
    expect(balanceColor(10)).toBe(defaultBalanceColors.positive);
    expect(balanceColor(0)).toBeUndefined();
    expect(balanceColor(-1, { negative: 'teal', positive: 'orange' })).toBe('teal');
  });

  it('the balance formatter shows the absolute value', () => {
    expect(formatValue('balance', -1234.5)).toBe(formatValue('money', 1234.5));
  });
});
