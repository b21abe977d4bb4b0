import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import type { FilterContext, QueryPairs } from '../../core/filters/filterKind.ts';
import { filterFormSchema } from '../filters/filterFormSchema.ts';
import { filterLabel, kindOf } from '../../core/filters/filterKinds.ts';
import type { ViewState } from '../../core/report/urlState.ts';

export interface RestoredView {
  /** The screen's URL search params for the view: exactly its state when every filter still validates. */
  params: URLSearchParams;
  /** What could not be applied (filter labels, or the URL keys no filter reads any more), in the view's order. */
  dropped: string[];
}

const pairKey = ([key, value]: readonly [string, string]) => JSON.stringify([key, value]);
/** Every saved pair is written back: the kind kept all the saved value said (no option it no longer knows). */
const keepsAll = (written: QueryPairs, saved: QueryPairs) => {
  const kept = new Set(written.map(pairKey));
  return saved.every((pair) => kept.has(pairKey(pair)));
};

/**
 * The URL of a saved view on the definition as it is now. A filter whose saved value no longer validates
 * (unknown option, wrong shape, the form schema refuses it) or does not read back whole keeps its default;
 * a saved filter key no filter reads is left out; both are named in `dropped`. The rest passes through:
 * its readers (tables, tabs, widgets) already fall back to their defaults on what they do not know.
 */
export function restoreView(definition: Pick<ReportDefinition, 'filters'>, state: ViewState, context: FilterContext): RestoredView {
  const saved = new URLSearchParams(state.filters);
  const shape = filterFormSchema(definition, context).shape;
  const params = new URLSearchParams();
  const dropped: string[] = [];
  const read = new Set<string>();
  for (const filter of definition.filters) {
    if (filter.hidden) continue;
    const kind = kindOf(filter);
    const keys = kind.urlKeys(filter);
    for (const key of keys) read.add(key);
    const pairs = state.filters.filter(([key]) => keys.includes(key));
    if (pairs.length === 0) continue;
    const value = kind.fromUrl(filter, saved, context);
    const valid = value !== undefined && shape[filter.id]!.safeParse(value).success;
    const written = valid ? kind.toUrl(filter, value!) : [];
    if (valid && keepsAll(written, pairs)) for (const [key, text] of written) params.append(key, text);
    else dropped.push(filterLabel(filter));
  }
  for (const [key] of state.filters) if (!read.has(key) && !dropped.includes(key)) dropped.push(key);
  for (const [key, value] of state.params) params.append(key, value);
  return { params, dropped };
}
