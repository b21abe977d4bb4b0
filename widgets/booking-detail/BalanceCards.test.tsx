import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultBalanceColors } from '../../core/balance.ts';
import { formatValue } from '../../core/format.ts';
import { BalanceCards } from './BalanceCards.tsx';
import type { Balance } from './bookingApi.ts';
import { bookingTexts } from './texts.ts';

afterEach(cleanup);

const t = bookingTexts;
const zero: Balance = {
  totalOrders: 0,
  subtotalOrders: 0,
  totalPays: 0,
  faltante: 0,
  totalHospedaje: 0,
  totalHospedajeClosed: 0,
  totalHospedajeOpen: 0,
  totalExtra: 0,
  balanceHost: 0,
  balanceExtra: 0,
};

/** The figure line (COP) of a card. */
const copLine = (label: string) => screen.getByRole('group', { name: label }).children[1] as HTMLElement;

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe('BalanceCards', () => {
  it('shows a credit in the guest\'s favour as its absolute value, in green, "a favor"', () => {
    render(<BalanceCards balance={{ ...zero, balanceHost: -150_000, faltante: -150_000, totalPays: 150_000 }} trm={4000} />);
    for (const label of [t.cards.balanceHost, t.cards.missing]) {
      const line = copLine(label);
      expect(line.textContent).toBe(`${formatValue('money', 150_000)} ${t.cop} ${t.inFavour}`);
      expect(line.style.color).toBe(rgb(defaultBalanceColors.negative));
      expect(screen.getByRole('group', { name: label }).textContent).toContain(`${formatValue('money', 37.5)} ${t.usd}`);
    }
    // Other figures are amounts, not balances: uncoloured.
    expect(copLine(t.cards.paid).style.color).toBe('');
  });

  it('shows a debt in red without the hint, and a settled balance uncoloured', () => {
    render(<BalanceCards balance={{ ...zero, balanceHost: 80_000, faltante: 0 }} trm={4000} />);
    expect(copLine(t.cards.balanceHost).textContent).toBe(`${formatValue('money', 80_000)} ${t.cop}`);
    expect(copLine(t.cards.balanceHost).style.color).toBe(rgb(defaultBalanceColors.positive));
    expect(copLine(t.cards.missing).style.color).toBe('');
  });
});
