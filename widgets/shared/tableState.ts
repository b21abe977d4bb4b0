import type { TableBlock } from '../../schema/reportDefinition.ts';
import type { TableState } from '../../core/table/types.ts';
import type { Query } from './useWidgetQuery.ts';

/** The server's name of a sorted column: its sortField, else its field. */
function sortName(block: TableBlock, field: string): string {
  const column = block.columns.find((c) => c.field === field || c.sortField === field);
  return column?.sortField ?? column?.field ?? field;
}

/** Sort parameters in the `vuetify` style the booking calls speak (sortBy, sortDesc). */
export function sortQuery(block: TableBlock, state: TableState): Query {
  return state.sort.flatMap((s) => [
    ['sortBy', sortName(block, s.field)],
    ['sortDesc', String(s.desc)],
  ] as const);
}

/** One page: 1-based page and its size. */
export function pageQuery(state: TableState): Query {
  return [
    ['page', String(state.page)],
    ['itemsPerPage', String(state.pageSize)],
  ];
}

/** Every row at once, for export and print. */
export const allRowsQuery: Query = [
  ['page', '1'],
  ['itemsPerPage', '-1'],
];
