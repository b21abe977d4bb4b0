import type { FilterInput } from '../../schema/reportDefinition.ts';
import { texts } from '../../engine/texts.ts';
import { parseFilters } from '../shared/tableFilters.ts';

const t = texts.bookingDetail;

const createdAt: FilterInput = { id: 'createdAt', kind: 'date', label: t.createdDate };

/** Cobros: Todas/Reales/Virtuales, businesses, a creation day or range. */
export const orderFilters = parseFilters([
  { id: 'isVirtual', kind: 'virtualType' },
  { id: 'business', kind: 'lookup', lookup: 'businesses', label: t.business },
  createdAt,
]);

/** Pagos: a creation day or range. */
export const paymentFilters = parseFilters([createdAt]);
