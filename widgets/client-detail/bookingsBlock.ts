import { bookingColumns } from '../../reports/shared/bookingColumns.ts';
import type { TableBlock } from '../../schema/reportDefinition.ts';
import { tableBlock } from '../shared/tableBlock.ts';
import { bookingTexts } from '../booking-detail/texts.ts';
import { clientTexts } from './texts.ts';

/** The lodging screens' booking columns but the client's own; a row opens the booking detail on top. */
export const clientBookingsBlock = (name: string): TableBlock =>
  tableBlock({
    kind: 'table',
    source: 'bookings',
    pageSizes: [20, 50, 100],
    search: 'none',
    defaultSort: { field: 'dateStart', desc: true },
    rowClick: { widget: 'booking-detail', key: 'ref' },
    columns: [
      ...bookingColumns.filter((c) => c.field !== 'user'),
      { field: 'total', header: bookingTexts.total, format: 'money', total: 'sum' },
    ],
    export: { fileName: clientTexts.fileName(name) },
  });
