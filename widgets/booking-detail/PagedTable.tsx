import { useState } from 'react';
import { apiGet } from '../../engine/api/client.ts';
import type { FilterValues } from '../../engine/filters/filterValues.ts';
import DataTable from '../../engine/table/DataTable.tsx';
import { initialTableState } from '../../engine/table/initialTableState.ts';
import type { TableState } from '../../engine/table/types.ts';
import { texts } from '../../engine/texts.ts';
import type { FilterDefinition, TableBlock } from '../../schema/reportDefinition.ts';
import type { WidgetId } from '../../schema/registries.ts';
import { filtersLabels, filtersQuery, initialFilterValues } from './balanceFilters.ts';
import { BalanceFilterBar } from './BalanceFilterBar.tsx';
import type { Paged } from './bookingApi.ts';
import { LoadError } from './LoadError.tsx';
import { allRowsQuery, pageQuery, sortQuery } from './tableState.ts';
import { useWidgetQuery } from './useWidgetQuery.ts';

export interface PagedTableProps {
  block: TableBlock;
  filters: FilterDefinition[];
  bookingRef: string;
  /** Which call of the booking detail (`orders`, `payments`). */
  part: string;
  path: string;
  /** Export and print title. */
  title: string;
  onOpenWidget(id: WidgetId, key: string): void;
}

/** A filtered table of one of the booking's server-paged calls: each page, order and filter is one request. */
export function PagedTable({ block, filters, bookingRef, part, path, title, onOpenWidget }: PagedTableProps) {
  const [values, setValues] = useState<FilterValues>(() => initialFilterValues(filters));
  const [state, setState] = useState<TableState>(() => initialTableState(block));
  const filterQuery = filtersQuery(filters, values);
  const sort = sortQuery(block, state);
  const result = useWidgetQuery<Paged<unknown>>({
    widget: 'booking-detail',
    key: bookingRef,
    part,
    path,
    query: [...filterQuery, ...sort, ...pageQuery(state)],
    keepPrevious: true,
  });
  const onFilters = (next: FilterValues) => {
    setValues(next);
    setState((s) => ({ ...s, page: 1 }));
  };

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <BalanceFilterBar filters={filters} values={values} onChange={onFilters} />
      {result.isError ? (
        <LoadError error={result.error} title={texts.bookingDetail.loadError} onRetry={() => void result.refetch()} />
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
            filters: [{ label: texts.bookingDetail.filterBooking, value: bookingRef }, ...filtersLabels(filters, values)],
            fetchAllRows: async () =>
              (await apiGet<Paged<unknown>>({ service: 'api', path, query: [...filterQuery, ...sort, ...allRowsQuery] })).data,
          }}
          onOpenWidget={onOpenWidget}
        />
      )}
    </div>
  );
}
