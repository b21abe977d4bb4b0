import type { FilterKind } from '../../../schema/registries.ts';
import type { IsoDay } from '../../../core/filters/dates.ts';
import type { FilterOf, FilterValueByKind } from '../../../core/filters/filterValues.ts';

/** What the drawer hands each filter's field: its definition, its value and how to change it. */
export interface FieldProps<K extends FilterKind> {
  filter: FilterOf<K>;
  value: FilterValueByKind[K];
  onChange(value: FilterValueByKind[K]): void;
  /** The label shown above the field (also the accessible name of its control). */
  label: string;
  /** The id of the field's main control, which the label points at. */
  inputId: string;
  today: IsoDay;
}
