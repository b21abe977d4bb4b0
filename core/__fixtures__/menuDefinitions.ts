import { defineReport } from '../../schema/defineReport.ts';
import review from './reviewDefinition.ts';

const table = (source: string) => [{ kind: 'table' as const, source, columns: [{ field: 'ref', header: 'REF' }] }];

/** Small definitions for the registry and sidebar tests, keyed like import.meta.glob keys them. */
export const fixtureModules: Record<string, unknown> = {
  './general/booking.ts': defineReport({
    id: 'general-booking',
    route: '/general/booking',
    title: 'Reservas',
    menu: { group: 'General', order: 2 },
    sources: { bookings: { path: '/api/v1/report/booking' } },
    blocks: table('bookings'),
  }),
  './general/leads.ts': defineReport({
    id: 'general-leads',
    route: '/general/leads',
    title: 'Leads',
    menu: { group: 'General', order: 1 },
    sources: { leads: { service: 'master', path: '/api/v1/lead/table' } },
    blocks: table('leads'),
  }),
  './pos/sales.ts': defineReport({
    id: 'pos-sales',
    route: '/pos/sales',
    title: 'Ventas POS',
    menu: { group: 'POS', order: 1, label: 'Ventas' },
    sources: { sales: { path: '/api/v1/report/closed-order' } },
    blocks: table('sales'),
  }),
  './review.ts': review,
  './dashboard.ts': defineReport({
    id: 'dashboard',
    route: '/',
    title: 'Dashboard',
    menu: { group: 'Dashboard', order: 1 },
    sources: { dashboard: { path: '/api/v1/report/dashboard' } },
    blocks: table('dashboard'),
  }),
  './hidden.ts': defineReport({
    id: 'hidden',
    route: '/hidden',
    title: 'Sin menú',
    sources: { rows: { path: '/api/v1/hidden' } },
    blocks: table('rows'),
  }),
};
