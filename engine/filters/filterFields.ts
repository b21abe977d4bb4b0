import type { ComponentType } from 'react';
import type { FilterKind } from '../../schema/registries.ts';
import { DateField } from './fields/DateField.tsx';
import type { FieldProps } from './fields/fieldProps.ts';
import { LookupField } from './fields/LookupField.tsx';
import { MonthField } from './fields/MonthField.tsx';
import { MultiSelectField } from './fields/MultiSelectField.tsx';
import { SearchField } from './fields/SearchField.tsx';
import { SelectField } from './fields/SelectField.tsx';
import { TypologyOrRoomField } from './fields/TypologyOrRoomField.tsx';
import { VirtualTypeField } from './fields/VirtualTypeField.tsx';
import { YearField } from './fields/YearField.tsx';
import { YesNoField } from './fields/YesNoField.tsx';

/** The drawer field of each filter kind. */
export const filterFields: { [K in FilterKind]: ComponentType<FieldProps<K>> } = {
  date: DateField,
  month: MonthField,
  year: YearField,
  select: SelectField,
  multiSelect: MultiSelectField,
  lookup: LookupField,
  typologyOrRoom: TypologyOrRoomField,
  virtualType: VirtualTypeField,
  yesNo: YesNoField,
  search: SearchField,
};
