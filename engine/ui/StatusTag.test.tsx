// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { statusStyles } from './statuses.ts';
import { texts } from '../texts.ts';
import { StatusTag } from './StatusTag.tsx';

afterEach(cleanup);

describe('StatusTag', () => {
  it('shows the Spanish label of a booking status in its colour', () => {
    render(<StatusTag kind="booking" status="checked_in" />);
    const tag = screen.getByText('Check In').closest('[data-status]') as HTMLElement;
    expect(tag.dataset.status).toBe('checked_in');
    expect(tag.style.backgroundColor).not.toBe('');
  });

  it('labels every booking, order and task status from the texts module', () => {
    for (const [status, label] of Object.entries(texts.bookingStatus)) expect(statusStyles.booking[status]?.label).toBe(label);
    for (const [status, label] of Object.entries(texts.orderStatus)) expect(statusStyles.order[status]?.label).toBe(label);
    for (const [status, label] of Object.entries(texts.taskStatus)) expect(statusStyles.task[status]?.label).toBe(label);
  });

  it('keeps an unknown status readable', () => {
    render(<StatusTag kind="order" status="lost" />);
    expect(screen.getByText('lost')).toBeTruthy();
  });
});
