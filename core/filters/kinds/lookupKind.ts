import { z } from 'zod';
import { texts } from '../../texts.ts';
import type { FilterKindModule, QueryPairs } from '../filterKind.ts';
import type { LookupItem } from '../filterValues.ts';

export const lookupItemSchema = z.object({ id: z.string().min(1), label: z.string() });

/** An item in the URL: `id:name`, so a shared link shows the names without asking the server. */
export const encodeItem = (item: LookupItem) => `${item.id}:${item.label}`;

export function decodeItem(raw: string): LookupItem | undefined {
  const colon = raw.indexOf(':');
  const id = colon === -1 ? raw : raw.slice(0, colon);
  if (!id) return undefined;
  return { id, label: colon === -1 ? id : raw.slice(colon + 1) || id };
}

export function itemsToUrl(key: string, items: readonly LookupItem[]): QueryPairs {
  return items.length ? items.map((item) => [key, encodeItem(item)]) : [[key, '']];
}

export function itemsFromUrl(key: string, params: URLSearchParams): LookupItem[] | undefined {
  if (!params.has(key)) return undefined;
  return params
    .getAll(key)
    .filter((v) => v !== '')
    .map(decodeItem)
    .filter((item): item is LookupItem => item !== undefined);
}

export const describeItems = (items: readonly LookupItem[]) => (items.length ? items.map((i) => i.label).join(', ') : undefined);

export const lookupKind: FilterKindModule<'lookup'> = {
  label: (filter) => texts.filters.lookups[filter.lookup],
  defaultValue: () => [],
  schema: (filter) => (filter.multiple ? z.array(lookupItemSchema) : z.array(lookupItemSchema).max(1)),
  toQuery: (filter, value) => value.map((item) => [filter.param ?? filter.id, item.id]),
  toUrl: (filter, value) => itemsToUrl(filter.id, value),
  fromUrl: (filter, params) => itemsFromUrl(filter.id, params)?.slice(0, filter.multiple ? undefined : 1),
  urlKeys: (filter) => [filter.id],
  describe: (filter, value) => describeItems(value) ?? filter.allLabel,
};
