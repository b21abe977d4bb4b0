import type { FilterInput } from '../../schema/reportDefinition.ts';
import { parseFilters } from '../shared/tableFilters.ts';
import { bookingTexts } from './texts.ts';

const t = bookingTexts;

const createdAt: FilterInput = { id: 'createdAt', kind: 'date', label: t.createdDate };

/** Cobros: Todas/Reales/Virtuales, businesses, a creation day or range. */
export const orderFilters = parseFilters([
  { id: 'isVirtual', kind: 'virtualType' },
  { id: 'business', kind: 'lookup', lookup: 'businesses', label: t.business },
  createdAt,
]);

/** Pagos: a creation day or range. */
export const paymentFilters = parseFilters([createdAt]);
