import type { FilterInput } from '../../schema/reportDefinition.ts';

type DatePreset = 'today' | 'currentMonth' | 'previousMonth';

/** The POS period: a range sent as initDate and endDate (other-reports.md §7). */
export const posPeriod = (preset: DatePreset): FilterInput => ({
  id: 'period',
  kind: 'date',
  label: 'Fecha',
  range: 'always',
  param: { from: 'initDate', to: 'endDate' },
  default: preset,
});

export const posBusiness: FilterInput = { id: 'business', kind: 'lookup', label: 'Negocios', lookup: 'businesses' };
/** Clients by name, showing e-mail and document id as the second line. */
export const posClients: FilterInput = { id: 'clients', kind: 'lookup', label: 'Clientes', lookup: 'users' };
export const posEmployee: FilterInput = { id: 'employee', kind: 'lookup', label: 'Empleados', lookup: 'employees' };
/** A payment method's code exactly as the payment charts group orders (`tarjeta`): what their slices open. */
export const posMethodPay: FilterInput = { id: 'methodPay', kind: 'search', label: 'Método de pago', param: 'methodPay' };

/** Date (default today) and business: the filters of most POS reports. */
export const posDayAndBusiness: FilterInput[] = [posPeriod('today'), posBusiness];
