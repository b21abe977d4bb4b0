import { describe, expect, it } from 'vitest';
import { statusStyle } from './statuses.ts';

describe('status tags', () => {
  it('keeps a status named like a method of every object as it is, in a tag', () => {
    for (const name of ['valueOf', 'toString', 'constructor', 'hasOwnProperty', '__proto__']) {
      expect(statusStyle('task', name).label).toBe(name);
    }
  });
});
