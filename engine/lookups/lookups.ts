import type { LookupName } from '../../schema/registries.ts';
import type { RequestSpec } from '../../core/data/requestSpec.ts';
import { formatValue } from '../../core/format.ts';
import type { LookupItem } from '../../core/filters/filterValues.ts';

/** How one remote list is asked for and how its entries read. */
export interface LookupDefinition {
  path: string;
  perPage: number;
  /** Fixed parameters of the call. */
  params?: ReadonlyArray<readonly [string, string]>;
  /** What the user reads for an entry. */
  label(entry: Record<string, unknown>): string;
  /** A second line (e-mail and document of a client). */
  detail?(entry: Record<string, unknown>): string | undefined;
}

const name = (entry: Record<string, unknown>) => formatValue('text', entry.name);

export const lookups: Record<LookupName, LookupDefinition> = {
  users: {
    path: '/api/v1/user',
    perPage: 10,
    label: (entry) => formatValue('fullName', entry),
    detail: (entry) => [entry.email, entry.documentID].filter((v) => v !== null && v !== undefined && v !== '').join(' · ') || undefined,
  },
  places: { path: '/api/v1/place', perPage: 10, label: name },
  rooms: { path: '/api/v1/place', perPage: 10, params: [['isSpace', 'false']], label: name },
  typologies: { path: '/api/v1/place/typology', perPage: 10, label: name },
  spaces: {
    path: '/api/v1/place/spaces',
    perPage: 15,
    params: [['withReservation', 'true'], ['deleted', 'false']],
    label: name,
  },
  businesses: { path: '/api/v1/place/business', perPage: 500, label: name },
  employees: { path: '/api/v1/employee', perPage: 10, label: (entry) => formatValue('fullName', entry) },
  areas: { path: '/api/v1/area', perPage: 10, label: name },
  // Events of one title recur: the day tells them apart.
  events: {
    path: '/api/v1/event/list',
    perPage: 10,
    label: (entry) => [formatValue('text', entry.title ?? entry.name), entry.dateStart ? formatValue('date', entry.dateStart) : ''].filter(Boolean).join(' · '),
  },
};

/** The first page of a remote list matching `search`. */
export function planLookupRequest(lookup: LookupName, search: string): RequestSpec {
  const definition = lookups[lookup];
  const text = search.trim();
  return {
    service: 'api',
    path: definition.path,
    query: [
      ...(definition.params ?? []),
      ['page', '1'],
      ['itemsPerPage', String(definition.perPage)],
      ...(text ? ([['search', text]] as const) : []),
    ],
  };
}

export interface LookupEntry extends LookupItem {
  detail?: string | undefined;
}

/** The entries of an answer `{ data: [{ _id, … }] }` as items to choose. */
export function lookupEntries(lookup: LookupName, answer: unknown): LookupEntry[] {
  const data = (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  const definition = lookups[lookup];
  return data
    .filter((entry): entry is Record<string, unknown> => entry !== null && typeof entry === 'object' && '_id' in entry)
    .map((entry) => ({ id: String(entry._id), label: definition.label(entry), detail: definition.detail?.(entry) }));
}
