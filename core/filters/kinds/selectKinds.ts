import { z } from 'zod';
import { optionLabel, resolveOptions, type Option } from '../../options/optionLists.ts';
import { texts } from '../../texts.ts';
import type { FilterContext, FilterKindModule } from '../filterKind.ts';
import type { FilterOf, OptionValue } from '../filterValues.ts';

type SelectFilter = FilterOf<'select'> | FilterOf<'multiSelect'>;

/** The options of a select filter (a named list or inline ones). */
export function filterOptions(filter: SelectFilter, { today }: FilterContext): Option[] {
  return resolveOptions(filter.options, Number(today.slice(0, 4)));
}

/** The option value a URL text stands for, or undefined when the list has none. */
function parseOption(filter: SelectFilter, raw: string, context: FilterContext): OptionValue | undefined {
  return filterOptions(filter, context).find((o) => String(o.value) === raw)?.value;
}

const optionValue = z.union([z.string(), z.number(), z.boolean()]);

export const selectKind: FilterKindModule<'select'> = {
  label: () => texts.filters.select,

  defaultValue(filter) {
    const given = filter.default;
    if (given === undefined || given === null) return null;
    return Array.isArray(given) ? (given[0] ?? null) : given;
  },

  schema: () => optionValue.nullable(),
  toQuery: (filter, value) => (value === null || value === '' ? [] : [[filter.param ?? filter.id, String(value)]]),
  toUrl: (filter, value) => [[filter.id, value === null ? '' : String(value)]],

  fromUrl(filter, params, context) {
    const raw = params.get(filter.id);
    if (raw === null) return undefined;
    return raw === '' ? null : parseOption(filter, raw, context);
  },

  urlKeys: (filter) => [filter.id],
  describe: (filter, value, context) => (value === null ? undefined : optionLabel(filterOptions(filter, context), value)),
};

export const multiSelectKind: FilterKindModule<'multiSelect'> = {
  label: () => texts.filters.select,

  defaultValue(filter) {
    const given = filter.default;
    if (given === undefined || given === null) return [];
    return Array.isArray(given) ? [...given] : [given];
  },

  schema: () => z.array(optionValue),
  toQuery: (filter, value) => value.map((v) => [filter.param ?? filter.id, String(v)]),
  toUrl: (filter, value) => (value.length ? value.map((v) => [filter.id, String(v)]) : [[filter.id, '']]),

  fromUrl(filter, params, context) {
    const raw = params.getAll(filter.id).filter((v) => v !== '');
    if (!params.has(filter.id)) return undefined;
    return raw.map((v) => parseOption(filter, v, context)).filter((v): v is OptionValue => v !== undefined);
  },

  urlKeys: (filter) => [filter.id],

  describe(filter, value, context) {
    if (!value.length) return undefined;
    const options = filterOptions(filter, context);
    return value.map((v) => optionLabel(options, v)).join(', ');
  },
};
