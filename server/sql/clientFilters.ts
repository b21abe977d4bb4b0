import { z } from 'zod';
import { bool, list, search } from '../http/params.ts';
import { clientSearchText, matchesKeyword } from './search.ts';

export const clientCategories = ['cliente', 'empleado', 'socio', 'miembro', 'huesped'] as const;

/** The query parameters of the client list's filter drawer: keyword, categories, deleted flag. */
export const clientFilterShape = {
  search,
  category: list(z.enum(clientCategories)),
  deleted: bool.optional(),
};
const clientFilterSchema = z.object(clientFilterShape);
export type ClientFilters = z.output<typeof clientFilterSchema>;

/** The WHERE clause (or '') of `filters` over clients aliased `u`; values go to `params`. */
export function clientFilterSql(filters: ClientFilters, params: unknown[], u = 'u'): string {
  const terms: string[] = [];
  // The keyword reads name and last name, e-mail and document id, as the user lookup does.
  if (filters.search) terms.push(matchesKeyword(clientSearchText(u, true), filters.search, params));
  if (filters.category?.length) terms.push(`${u}.category = ANY($${params.push(filters.category)}::text[])`);
  if (filters.deleted !== undefined) terms.push(`${u}.deleted = $${params.push(filters.deleted)}`);
  return terms.length ? `WHERE ${terms.join(' AND ')}` : '';
}
