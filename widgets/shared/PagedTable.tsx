import { useState } from 'react';
import { apiGet } from '../../engine/api/client.ts';
import type { FilterValues } from '../../core/filters/filterValues.ts';
import DataTable from '../../engine/table/DataTable.tsx';
import { initialTableState } from '../../core/table/initialTableState.ts';
import type { TableState } from '../../core/table/types.ts';
import type { FilterDefinition, TableBlock } from '../../schema/reportDefinition.ts';
import type { ServiceName, WidgetId } from '../../schema/registries.ts';
import { FilterBar } from './FilterBar.tsx';
import { LoadError } from './LoadError.tsx';
import { filtersLabels, filtersQuery, initialFilterValues } from './tableFilters.ts';
import { allRowsQuery, pageQuery, sortQuery } from './tableState.ts';
import type { Paged } from './types.ts';
import { useWidgetQuery } from './useWidgetQuery.ts';
import { widgetTexts } from './texts.ts';

export interface PagedTableProps {
  block: TableBlock;
  filters?: FilterDefinition[];
  /** The widget and key the rows belong to (query key). */
  widget: WidgetId;
  widgetKey: string;
  /** Which call of the widget (`orders`, `payments`, `bookings`). */
  part: string;
  service?: ServiceName;
  path: string;
  /** Export and print title. */
  title: string;
  /** What the rows belong to, printed above them (e.g. Reserva: ref). */
  owner: { label: string; value: string };
  onOpenWidget(id: WidgetId, key: string): void;
}

/** A filtered table of one of a widget's server-paged calls: each page, order and filter is one request. */
export function PagedTable({ block, filters = [], widget, widgetKey, part, service = 'api', path, title, owner, onOpenWidget }: PagedTableProps) {
  const [values, setValues] = useState<FilterValues>(() => initialFilterValues(filters));
  const [state, setState] = useState<TableState>(() => initialTableState(block));
  const filterQuery = filtersQuery(filters, values);
  const sort = sortQuery(block, state);
  const result = useWidgetQuery<Paged<unknown>>({
    widget,
    key: widgetKey,
    part,
    service,
    path,
    query: [...filterQuery, ...sort, ...pageQuery(state)],
    keepPrevious: true,
  });
  const onFilters = (next: FilterValues) => {
    setValues(next);
    setState((s) => ({ ...s, page: 1 }));
  };

  return (
    // A minmax(0, …) track: a wide table scrolls inside its block rather than widen the panel.
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
      <FilterBar filters={filters} values={values} onChange={onFilters} />
      {result.isError ? (
        <LoadError error={result.error} title={widgetTexts.loadError} onRetry={() => void result.refetch()} />
      ) : (
        <DataTable
          block={block}
          rows={result.data?.data ?? []}
          total={result.data?.total ?? 0}
          paging="server"
          loading={result.isFetching}
          state={state}
          onStateChange={setState}
          exportContext={{
            title,
            filters: [owner, ...filtersLabels(filters, values)],
            fetchAllRows: async () =>
              (await apiGet<Paged<unknown>>({ service, path, query: [...filterQuery, ...sort, ...allRowsQuery] })).data,
          }}
          onOpenWidget={onOpenWidget}
        />
      )}
    </div>
  );
}
