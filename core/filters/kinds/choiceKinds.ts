import { z } from 'zod';
import { texts } from '../../texts.ts';
import type { FilterKindModule } from '../filterKind.ts';
import type { VirtualType } from '../filterValues.ts';

const virtualTypes = ['all', 'real', 'virtual'] as const satisfies readonly VirtualType[];

/** Todas sends nothing, Reales `false`, Virtuales `true`. */
const virtualParam: Record<VirtualType, string | undefined> = { all: undefined, real: 'false', virtual: 'true' };

export const virtualTypeLabels: Record<VirtualType, string> = {
  all: texts.filters.all,
  real: texts.filters.real,
  virtual: texts.filters.virtual,
};

export const virtualTypeKind: FilterKindModule<'virtualType'> = {
  label: () => texts.filters.virtualType,
  defaultValue: (filter) => filter.default,
  schema: () => z.enum(virtualTypes),

  toQuery(filter, value) {
    const sent = virtualParam[value];
    return sent === undefined ? [] : [[filter.param, sent]];
  },

  toUrl: (filter, value) => [[filter.id, value]],

  fromUrl(filter, params) {
    const raw = params.get(filter.id);
    return virtualTypes.find((v) => v === raw);
  },

  urlKeys: (filter) => [filter.id],
  describe: (_filter, value) => (value === 'all' ? undefined : virtualTypeLabels[value]),
};

export const yesNoKind: FilterKindModule<'yesNo'> = {
  label: () => texts.filters.yesNo,
  defaultValue: (filter) => filter.default ?? null,
  schema: () => z.boolean().nullable(),
  toQuery: (filter, value) => (value === null ? [] : [[filter.param ?? filter.id, String(value)]]),
  toUrl: (filter, value) => [[filter.id, value === null ? '' : String(value)]],

  fromUrl(filter, params) {
    const raw = params.get(filter.id);
    if (raw === '') return null;
    return raw === 'true' ? true : raw === 'false' ? false : undefined;
  },

  urlKeys: (filter) => [filter.id],
  describe: (_filter, value) => (value === null ? undefined : value ? texts.values.yes : texts.values.no),
};

export const searchKind: FilterKindModule<'search'> = {
  label: () => texts.filters.search,
  defaultValue: () => '',
  schema: () => z.string().max(100),

  toQuery(filter, value) {
    const text = value.trim();
    return text ? [[filter.param, text]] : [];
  },

  toUrl: (filter, value) => [[filter.id, value]],
  fromUrl: (filter, params) => params.get(filter.id) ?? undefined,
  urlKeys: (filter) => [filter.id],
  describe: (_filter, value) => value.trim() || undefined,
};
