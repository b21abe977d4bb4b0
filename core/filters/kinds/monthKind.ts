import { z } from 'zod';
import { formatValue } from '../../format.ts';
import { texts } from '../../texts.ts';
import { isIsoMonth, monthBounds, monthOf } from '../dates.ts';
import type { FilterKindModule } from '../filterKind.ts';

export const monthKind: FilterKindModule<'month'> = {
  label: () => texts.filters.month,
  defaultValue: (filter, { today }) => (filter.default === 'currentMonth' ? monthOf(today) : null),
  schema: () => z.string().refine(isIsoMonth, texts.filters.invalidDate).nullable(),

  toQuery(filter, value) {
    if (!value) return [];
    const { from, to } = monthBounds(value);
    return [[filter.param.from, from], [filter.param.to, to]];
  },

  toUrl: (filter, value) => [[filter.id, value ?? '']],

  fromUrl(filter, params) {
    const raw = params.get(filter.id);
    if (raw === null) return undefined;
    if (raw === '') return null;
    return isIsoMonth(raw) ? raw : undefined;
  },

  urlKeys: (filter) => [filter.id],
  describe: (_filter, value) => (value ? formatValue('month', `${value}-01`) : undefined),
  days: (_filter, value) => (value ? monthBounds(value) : { from: null, to: null }),
  // A whole month moves to a whole month (comparePeriod.ts shifts whole months by months).
  shift: (_filter, value, move) => (value ? monthOf(move(monthBounds(value)).from) : undefined),
};
