import { afterEach, describe, expect, it } from 'vitest';
import { setOperatorTimeZone } from '../../core/timeZone.ts';
import { onOperatorClock } from './operatorClock.ts';

describe("calendar entries on the operator's clock", () => {
  afterEach(() => setOperatorTimeZone(undefined));

  it('places a 7 a.m. entry in Bogotá at 07:00 of its Bogotá day', () => {
    setOperatorTimeZone('America/Bogota');
    expect(onOperatorClock({ id: 'a', start: '2026-03-16T12:00:00+00:00', end: '2026-03-17T03:30:00Z' })).toEqual({
      id: 'a',
      start: '2026-03-16T07:00:00.000Z',
      end: '2026-03-16T22:30:00.000Z',
    });
  });

  it('keeps instants as they are in UTC, and calendar days and missing ends', () => {
    expect(onOperatorClock({ start: '2026-03-16T12:00:00Z' })).toEqual({ start: '2026-03-16T12:00:00.000Z' });
    setOperatorTimeZone('America/Bogota');
    expect(onOperatorClock({ start: '2026-03-16' })).toEqual({ start: '2026-03-16' });
  });
});
