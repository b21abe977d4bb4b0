import { z } from 'zod';
import { texts } from '../../texts.ts';
import type { FilterKindModule } from '../filterKind.ts';

export const yearKind: FilterKindModule<'year'> = {
  label: () => texts.filters.year,
  defaultValue: (filter, { today }) => (filter.default === 'currentYear' ? Number(today.slice(0, 4)) : filter.default),
  schema: () => z.number().int(),
  toQuery: (filter, value) => [[filter.param ?? filter.id, String(value)]],
  toUrl: (filter, value) => [[filter.id, String(value)]],

  fromUrl(filter, params) {
    const raw = params.get(filter.id);
    return raw !== null && /^\d{4}$/.test(raw) ? Number(raw) : undefined;
  },

  urlKeys: (filter) => [filter.id],
  describe: (_filter, value) => String(value),
  days: (_filter, value) => ({ from: `${value}-01-01`, to: `${value}-12-31` }),
  shift: (_filter, value, move) => Number(move({ from: `${value}-01-01`, to: `${value}-12-31` }).from.slice(0, 4)),
};
