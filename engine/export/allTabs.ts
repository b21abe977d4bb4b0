import { columnSchema, type ColumnDefinition } from '../../schema/reportDefinition.ts';
import { readRows } from '../../core/data/sourceRows.ts';
import { formatValue } from '../../core/format.ts';
import { getPath } from '../../core/paths.ts';

/** Where a row of an every-tab file holds its tab's title. */
export const tabField = '__tab';

/** One tab of a data tabs block: its title and the element its blocks read. */
export interface DataTab {
  title: string;
  element: unknown;
}

/** The tabs of a data tabs block over its source's answer: one per element at `rows`, titled by its `title` field. */
export function dataTabs(answer: unknown, fromData: { rows: string; title: string }): DataTab[] {
  return readRows(answer, fromData.rows).map((element) => ({ title: formatValue('text', getPath(element, fromData.title)), element }));
}

/** Every data tab's rows of a table (its `rows` path in each element), each with its tab's title beside its own fields. */
export function allTabsRows(tabs: readonly DataTab[], rowsPath: string | undefined): object[] {
  return tabs.flatMap(({ title, element }) => {
    const rows = rowsPath ? readRows(element, rowsPath) : Array.isArray(element) ? element : [];
    return rows.map((row) => ({ ...(row as object), [tabField]: title }));
  });
}

/** The file's first column naming each row's tab. */
export const tabColumn = (header: string): ColumnDefinition => columnSchema.parse({ field: tabField, header });
