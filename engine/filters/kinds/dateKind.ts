import { z } from 'zod';
import { formatValue } from '../../core/format.ts';
import { texts } from '../../texts.ts';
import { isIsoDay, isSingleDayPreset, resolveDatePreset, type DayRange, type IsoDay } from '../dates.ts';
import type { FilterKindModule } from '../filterKind.ts';
import type { DateValue } from '../filterValues.ts';

const isoDay = z.string().refine(isIsoDay, texts.filters.invalidDate);

/** The days a value stands for: a day is from = to; a range with one date is start = end. */
export function dateSpan(value: DateValue): { from: IsoDay | null; to: IsoDay | null } {
  if (!value.range) return { from: value.from, to: value.from };
  return { from: value.from ?? value.to, to: value.to ?? value.from };
}

const emptyValue = (range: boolean): DateValue => ({ range, from: null, to: null });

export const dateKind: FilterKindModule<'date'> = {
  label: () => texts.filters.date,

  defaultValue(filter, { today }) {
    const given = filter.default;
    if (given === undefined) return emptyValue(filter.range === 'always');
    let span: DayRange;
    let single: boolean;
    if (typeof given === 'object') {
      span = given;
      single = false;
    } else if (isIsoDay(given)) {
      span = { from: given, to: given };
      single = true;
    } else {
      span = resolveDatePreset(given, today);
      single = isSingleDayPreset(given);
    }
    if (filter.range === 'never' || (single && filter.range !== 'always')) return { range: false, from: span.from, to: null };
    return { range: true, from: span.from, to: span.to };
  },

  schema(filter, { today }) {
    return z
      .object({ range: z.boolean(), from: isoDay.nullable(), to: isoDay.nullable() })
      .superRefine((value, ctx) => {
        const { from, to } = dateSpan(value);
        if (filter.maxToday && ((from && from > today) || (to && to > today))) {
          ctx.addIssue({ code: 'custom', message: texts.filters.futureDay });
        }
        if (from && to && from > to) ctx.addIssue({ code: 'custom', message: texts.filters.startAfterEnd });
      });
  },

  toQuery(filter, value) {
    const param = filter.param ?? filter.id;
    const { from, to } = dateSpan(value);
    if (!from || !to) return [];
    if (typeof param === 'object') return [[param.from, from], [param.to, to]];
    return value.range ? [[param, from], [param, to]] : [[param, from]];
  },

  toUrl(filter, value) {
    return [[filter.id, value.range ? `${value.from ?? ''}..${value.to ?? ''}` : (value.from ?? '')]];
  },

  fromUrl(filter, params) {
    const raw = params.get(filter.id);
    if (raw === null) return undefined;
    if (raw === '') return emptyValue(filter.range === 'always');
    const [first = '', second, ...rest] = raw.split('..');
    const valid = (s: string) => s === '' || isIsoDay(s);
    if (rest.length > 0 || !valid(first) || (second !== undefined && !valid(second))) return undefined;
    const from = first || null;
    if (second === undefined) {
      return filter.range === 'always' ? { range: true, from, to: from } : { range: false, from, to: null };
    }
    const to = second || null;
    if (filter.range === 'never') return { range: false, from: from ?? to, to: null };
    return { range: true, from, to };
  },

  urlKeys: (filter) => [filter.id],

  describe(_filter, value) {
    const { from, to } = dateSpan(value);
    if (!from || !to) return undefined;
    return value.range ? `${formatValue('date', from)} - ${formatValue('date', to)}` : formatValue('date', from);
  },

  // The dates as chosen: a range with one date keeps the other empty, so rules can ask for both.
  days: (_filter, value) => (value.range ? { from: value.from, to: value.to } : { from: value.from, to: value.from }),
};
