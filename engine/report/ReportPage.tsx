import { Button } from '@blueprintjs/core';
import { useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import type { WidgetId } from '../../schema/registries.ts';
import { operatorToday } from '../../core/filters/dates.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { describeFilters } from '../../core/filters/describeFilters.ts';
import type { FilterValues } from '../../core/filters/filterValues.ts';
import { FilterSummary } from '../filters/FilterSummary.tsx';
import { ReportShortcuts } from '../keyboard/ReportShortcuts.tsx';
import { onDemand } from '../shell/onDemand.tsx';
import { texts } from '../texts.ts';
import { ViewsMenu } from '../views/ViewsMenu.tsx';
import { WidgetHost } from '../widgets/WidgetHost.tsx';
import { Blocks } from './Blocks.tsx';
import { ComparedPeriodNote, CompareControl } from './CompareControl.tsx';
import { DataAsOf } from './DataAsOf.tsx';
import { ReportContext, type ReportState, type UpdateSearchParams } from './ReportContext.tsx';
import './report.css';
import {
  clearFilterValues,
  closeWidgetParams,
  openWidgetParams,
  readFilterValues,
  readOpenWidgets,
  writeFilterValues,
} from '../../core/report/urlState.ts';

// The drawer's pickers (dates, selects, the form) load on the first use of "Filtros".
const loadFilterDrawer = () => import('../filters/FilterDrawer.tsx');
const FilterDrawer = onDemand(() => loadFilterDrawer().then((module) => module.FilterDrawer));
// Filters on the page (`inline`) need the same pickers, loaded only by screens that have them.
const InlineFilters = onDemand(() => import('../filters/InlineFilters.tsx').then((module) => module.InlineFilters));

/**
 * One screen from its definition. Phases: the definition arrives parsed (zod, by the registry);
 * normalize resolves the filter defaults against today and reads the applied values from the URL;
 * each block plans its request (planRequest), fetches it (useSource) and renders.
 */
export default function ReportPage({ definition }: { definition: ReportDefinition }) {
  const routeParams = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const [today] = useState(() => operatorToday());
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);

  const defaults = useMemo(() => defaultFilterValues(definition, { today }), [definition, today]);
  const filters = useMemo(() => readFilterValues(definition, searchParams, defaults, { today }), [definition, searchParams, defaults, today]);

  const updateSearchParams = useCallback<UpdateSearchParams>(
    (change, options) => setSearchParams((params) => change(params), { replace: options?.replace ?? false }),
    [setSearchParams],
  );
  const openWidget = useCallback(
    (id: WidgetId, key: string) => updateSearchParams((params) => openWidgetParams(params, id, key)),
    [updateSearchParams],
  );
  const closeWidget = useCallback(() => updateSearchParams(closeWidgetParams), [updateSearchParams]);

  const apply = (values: FilterValues) => {
    updateSearchParams((params) => writeFilterValues(definition, values, params));
    setDrawerOpen(false);
  };
  const openFilters = () => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  };
  const clear = () => updateSearchParams((params) => clearFilterValues(drawerDefinition, params));

  const report = useMemo<ReportState>(
    () => ({ definition, today, filters, routeParams, searchParams, updateSearchParams, openWidget }),
    [definition, today, filters, routeParams, searchParams, updateSearchParams, openWidget],
  );
  // The drawer's filters: Limpiar and the applied-filter chips leave the ones on the page alone.
  const drawerDefinition = useMemo(() => ({ filters: definition.filters.filter((filter) => !filter.inline) }), [definition]);
  const hasDrawer = drawerDefinition.filters.some((filter) => !filter.hidden);
  const hasInline = definition.filters.some((filter) => filter.inline && !filter.hidden);

  return (
    <ReportContext value={report}>
      <div className="report-page">
        <DataAsOf reportId={definition.id} />
        {hasInline || hasDrawer ? (
          <div className="report-toolbar">
            {hasInline ? (
              <InlineFilters definition={definition} today={today} values={filters} onApply={apply} />
            ) : null}
            <CompareControl />
            <ViewsMenu />
            {hasDrawer ? (
              <>
                <Button
                  icon="filter"
                  text={texts.filters.open}
                  aria-haspopup="dialog"
                  aria-keyshortcuts="f"
                  onPointerEnter={() => void loadFilterDrawer()}
                  onFocus={() => void loadFilterDrawer()}
                  onClick={openFilters}
                />
                <FilterSummary items={describeFilters(drawerDefinition, filters, today)} />
              </>
            ) : null}
          </div>
        ) : (
          <div className="report-toolbar"><CompareControl /><ViewsMenu /></div>
        )}
        <ComparedPeriodNote />
        <Blocks blocks={definition.blocks} path={[]} />
        {drawerUsed ? (
          <FilterDrawer
            definition={definition}
            today={today}
            isOpen={drawerOpen}
            values={filters}
            defaults={defaults}
            onApply={apply}
            onClear={clear}
            onClose={() => setDrawerOpen(false)}
          />
        ) : null}
        <ReportShortcuts onFilters={hasDrawer ? openFilters : undefined} />
        <WidgetHost open={readOpenWidgets(searchParams)} openWidget={openWidget} onClose={closeWidget} />
      </div>
    </ReportContext>
  );
}
