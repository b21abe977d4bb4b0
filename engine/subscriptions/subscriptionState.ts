import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import type { FilterContext } from '../../core/filters/filterKind.ts';
import { kindOf } from '../../core/filters/filterKinds.ts';
import { captureView, type ViewState } from '../../core/report/urlState.ts';

const pairKey = ([key, value]: readonly [string, string]) => JSON.stringify([key, value]);
const samePairs = (a: ReadonlyArray<readonly [string, string]>, b: ReadonlyArray<readonly [string, string]>) =>
  a.length === b.length && a.map(pairKey).sort().join('\n') === b.map(pairKey).sort().join('\n');

/**
 * The screen's view as a subscription keeps it: `captureView`, less every filter whose URL says exactly its default
 * resolved against today. Aplicar writes every filter out, so a period left at its preset ("Mes actual", "Hoy", "Ayer",
 * the only way a preset reaches the URL) arrives as fixed dates; left out, it is absent from the state and the server
 * resolves it against the day it sends, as a saved view does against the day it is opened. The dates left are the
 * server's to read: one that is exactly a preset's period on the day subscribed is kept as that preset (server/mail/presets.ts).
 */
export function subscriptionState(definition: Pick<ReportDefinition, 'filters'>, params: URLSearchParams, context: FilterContext): ViewState {
  const view = captureView(definition, params);
  const atDefault = new Set<string>();
  for (const filter of definition.filters) {
    if (filter.hidden) continue;
    const kind = kindOf(filter);
    const keys = kind.urlKeys(filter);
    const pairs = view.filters.filter(([key]) => keys.includes(key));
    if (pairs.length === 0) continue;
    if (samePairs(pairs, kind.toUrl(filter, kind.defaultValue(filter, context)))) for (const key of keys) atDefault.add(key);
  }
  return { filters: view.filters.filter(([key]) => !atDefault.has(key)), params: view.params };
}
