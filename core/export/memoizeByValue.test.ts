import { expect, it, vi } from 'vitest';
import { memoizeByValue } from './memoizeByValue.ts';

it('converts each primitive value once, objects every time, and stops growing at its limit', () => {
  const convert = vi.fn((value: unknown) => JSON.stringify(value));
  const cached = memoizeByValue(convert, 3);
  expect([cached('a'), cached('a'), cached(1), cached('1'), cached(null), cached(undefined)]).toEqual(['"a"', '"a"', '1', '"1"', 'null', undefined]);
  expect(convert).toHaveBeenCalledTimes(5);
  const person = { name: 'Ana' };
  cached(person);
  cached(person);
  expect(convert).toHaveBeenCalledTimes(7);
  cached(undefined);
  expect(convert).toHaveBeenCalledTimes(8);
});
