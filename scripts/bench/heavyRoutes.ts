import { monthOf } from '../../server/sql/period.ts';

export interface BenchCall {
  name: string;
  url: string;
}

/** The heavy screen calls, with the parameters their screens send by default (period: the month of `today`). */
export function heavyRoutes(today: string): BenchCall[] {
  const { from, to } = monthOf(today);
  const year = today.slice(0, 4);
  const recaudo = `stayFrom=${from}&stayTo=${to}&status=checked_in,checked_out,confirmed,not_confirmed&isVirtual=false`;
  return [
    { name: 'booking page', url: '/api/v1/report/booking?itemsPerPage=50' },
    { name: 'booking all rows', url: '/api/v1/report/booking?itemsPerPage=-1' },
    // Seguimiento's calls: lean rows with each booking's month sums (select=monthTotals).
    { name: 'follow-up page', url: `/api/v1/report/booking?select=monthTotals&stayFrom=${from}&stayTo=${to}&itemsPerPage=200&sortBy=dateStart` },
    { name: 'follow-up year, all rows', url: `/api/v1/report/booking?select=monthTotals&stayFrom=${year}-01-01&stayTo=${year}-12-31&itemsPerPage=-1&sortBy=dateStart` },
    { name: 'recaudo statistics', url: `/api/v1/report/booking/recaudoStatistics?${recaudo}` },
    // Comercial's screen asks the rooms' totals (bookings=none); its file, every booking.
    { name: 'commercial', url: `/api/v1/report/booking/comercial?bookings=none&dateStart=${from}&dateEnd=${to}` },
    { name: 'commercial file', url: `/api/v1/report/booking/comercial?dateStart=${from}&dateEnd=${to}` },
    { name: 'forecast', url: `/api/v1/report/booking/forecast?dateStart=${from}&dateEnd=${to}` },
    { name: 'dashboard', url: '/api/v1/report/dashboard' },
    { name: 'pos-general', url: `/api/v1/report/pos-general?initDate=${from}&endDate=${to}` },
    { name: 'sales-general', url: `/api/v1/report/sales-general?initDate=${from}&endDate=${to}` },
    { name: 'movements/order page', url: '/api/v1/report/movements/order?itemsPerPage=50&sortBy=createdAt&sortDesc=true' },
    { name: 'movements/payment page', url: '/api/v1/report/movements/payment?itemsPerPage=50&sortBy=createdAt&sortDesc=true' },
  ];
}

/** The five screen calls the many-clients run mixes: what opening the busiest screens asks for. */
export const mixNames = ['dashboard', 'booking page', 'commercial', 'recaudo statistics', 'pos-general'];

/** The lighter calls the bench has always timed (detail panels, lookups). */
export function lightCalls(today: string, someRef: string): BenchCall[] {
  const year = today.slice(0, 4);
  return [
    `/api/v1/report/booking/ocupacion?year=${year}`,
    '/api/v1/report/booking?itemsPerPage=50&status=checked_out&sortBy=total&sortDesc=true',
    '/api/v1/report/booking?itemsPerPage=1000&select=rates&populate=orders,pays&dateStart=2023-12-01,2023-12-31',
    '/api/v1/report/booking?itemsPerPage=50&search=ana',
    `/api/v1/booking/ref/${someRef}`,
    `/api/v1/booking/balance/${someRef}`,
    `/api/v1/booking/order/${someRef}`,
    '/api/v1/user?search=mar',
    '/api/v1/trm',
  ].map((url) => ({ name: url, url }));
}
