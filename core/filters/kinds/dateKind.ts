import { z } from 'zod';
import { formatValue } from '../../format.ts';
import { texts } from '../../texts.ts';
import { dayToText, isIsoDay, isSingleDayPreset, resolveDatePreset, textToDay, type DayRange, type IsoDay } from '../dates.ts';
import type { FilterKindModule } from '../filterKind.ts';
import type { DateValue } from '../filterValues.ts';

const isoDay = z.string().refine(isIsoDay, texts.filters.invalidDate);

/** The days a value stands for: a day is from = to; a range with one date is start = end. */
export function dateSpan(value: DateValue): { from: IsoDay | null; to: IsoDay | null } {
  if (!value.range) return { from: value.from, to: value.from };
  return { from: value.from ?? value.to, to: value.to ?? value.from };
}

/** The days a date field accepts: from 2015 to ten years after today's. */
export function dayBounds(today: IsoDay): DayRange {
  return { from: '2015-01-01', to: `${Number(today.slice(0, 4)) + 10}-12-31` };
}

/** What is wrong with a typed text, in Spanish, or undefined when it names an allowed day. */
export function typedDayProblem(text: string, today: IsoDay): string | undefined {
  const day = textToDay(text);
  if (!day) return texts.filters.typedInvalid(text);
  const { from, to } = dayBounds(today);
  if (day < from || day > to) return texts.filters.typedOutOfRange(text, dayToText(from), dayToText(to));
  return undefined;
}

const emptyValue = (range: boolean): DateValue => ({ range, from: null, to: null });

/** The value with a reversed range put in order, when the filter swaps rather than refuses. */
function ordered(filter: { swapReversed?: boolean | undefined }, value: DateValue): DateValue {
  if (!filter.swapReversed || !value.range || !value.from || !value.to || value.from <= value.to) return value;
  return { range: true, from: value.to, to: value.from };
}

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
    const day = filter.defaultDay === 'last' ? span.to : span.from;
    if (filter.range === 'never' || (single && filter.range !== 'always')) return { range: false, from: day, to: null };
    return { range: true, from: span.from, to: span.to };
  },

  schema(filter, { today }) {
    return z
      .object({
        range: z.boolean(),
        from: isoDay.nullable(),
        to: isoDay.nullable(),
        typed: z.object({ from: z.string().optional(), to: z.string().optional() }).optional(),
      })
      .superRefine((value, ctx) => {
        // A text that names no day is refused with what is wrong, never replaced by the last good date.
        for (const part of ['from', 'to'] as const) {
          const text = value.typed?.[part];
          const problem = text === undefined ? undefined : typedDayProblem(text, today);
          if (!problem) continue;
          const label = part === 'from' ? texts.filters.from : texts.filters.to;
          ctx.addIssue({ code: 'custom', message: value.range ? texts.filters.typedPart(label, problem) : problem });
        }
        const { from, to } = dateSpan(value);
        if (filter.maxToday && ((from && from > today) || (to && to > today))) {
          ctx.addIssue({ code: 'custom', message: texts.filters.futureDay });
        }
        if (from && to && from > to && !filter.swapReversed) ctx.addIssue({ code: 'custom', message: texts.filters.startAfterEnd });
      })
      .transform(({ typed: _typed, ...value }) => ordered(filter, value));
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
    return ordered(filter, { range: true, from, to });
  },

  urlKeys: (filter) => [filter.id],

  describe(_filter, value) {
    const { from, to } = dateSpan(value);
    if (!from || !to) return undefined;
    return value.range ? `${formatValue('date', from)} - ${formatValue('date', to)}` : formatValue('date', from);
  },

  // The dates as chosen: a range with one date keeps the other empty, so rules can ask for both.
  days: (_filter, value) => (value.range ? { from: value.from, to: value.to } : { from: value.from, to: value.from }),

  shift(_filter, value, move) {
    const { from, to } = dateSpan(value);
    if (!from || !to) return undefined;
    const moved = move({ from, to });
    return value.range ? { range: true, from: moved.from, to: moved.to } : { range: false, from: moved.from, to: null };
  },
};
