import type { FilterInput } from '../../schema/reportDefinition.ts';

/** The period of the commercial and forecast screens: first and last night, default the current month. */
export const periodFilter: FilterInput = {
  id: 'period',
  kind: 'date',
  label: 'Periodo',
  range: 'always',
  param: { from: 'dateStart', to: 'dateEnd' },
  default: 'currentMonth',
};
