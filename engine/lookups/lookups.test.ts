import { describe, expect, it } from 'vitest';
import { lookupEntries } from './lookups.ts';

describe('lookup entries', () => {
  it('names each event with its day, so two events of one title read apart', () => {
    const answer = {
      data: [
        { _id: 3, title: 'Cata de café de origen', dateStart: '2026-11-14T15:00:00+00:00', dateEnd: '2026-11-14T17:00:00+00:00' },
        { _id: 9, title: 'Cata de café de origen', dateStart: '2026-11-21T15:00:00+00:00', dateEnd: '2026-11-21T17:00:00+00:00' },
      ],
    };
    expect(lookupEntries('events', answer).map((entry) => entry.label)).toEqual([
      'Cata de café de origen · 14/11/2026',
      'Cata de café de origen · 21/11/2026',
    ]);
  });
});
