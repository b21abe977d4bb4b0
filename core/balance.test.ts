import { describe, expect, it } from 'vitest';
import { balanceColor, balanceSign, defaultBalanceColors } from './balance.ts';
import { cellValue, formatValue, formatWhole } from './format.ts';

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

  it('a file and paper keep the sign the screen shows by colour: a credit stays negative', () => {
    expect(cellValue('balance', -2124000)).toEqual({ type: 'number', value: -2124000, numFmt: '#,##0.00' });
    expect(cellValue('balance', '350.5')).toEqual({ type: 'number', value: 350.5, numFmt: '#,##0.00' });
    expect(formatWhole('balance', -2124000)).toBe('-$2,124,000.00');
    expect(formatWhole('balance', 2124000)).toBe('$2,124,000.00');
  });
});
