// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../tests/support/componentTeardown.ts';
import { DayInput } from './DayInput.tsx';

afterEach(() => vi.restoreAllMocks());

describe('DayInput', () => {
  it('opens its calendar on a typed day the calendar does not offer without a warning, the text kept', async () => {
    const warnings = vi.spyOn(console, 'error');
    const onChange = vi.fn();
    render(
      <DayInput day="2026-11-25" typed={undefined} onChange={onChange} bounds={{ from: '2015-01-01', to: '2036-12-31' }} pickerMax="2026-11-22" label="Día" />,
    );
    await userEvent.setup().click(screen.getByRole('textbox', { name: 'Día' }));
    expect(await screen.findByRole('dialog', { name: 'Día' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Día' }) as HTMLInputElement).value).toBe('25/11/2026');
    expect(warnings.mock.calls.map(String).filter((call) => call.includes('minDate and maxDate'))).toEqual([]);
  });
});
