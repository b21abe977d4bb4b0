import type { FilterDefinition } from '../../schema/reportDefinition.ts';
import type { FilterKind } from '../../schema/registries.ts';
import type { IsoDay } from './dates.ts';

/** A chosen item of a remote list: its id (sent) and its name (shown, kept in the URL for links). */
export interface LookupItem {
  id: string;
  label: string;
}

/** A date filter: one day (`from`), or a range when `range` is on. */
export interface DateValue {
  range: boolean;
  from: IsoDay | null;
  to: IsoDay | null;
  /** Text typed in a field that names no allowed day, kept until corrected (never applied). */
  typed?: { from?: string; to?: string } | undefined;
}

export interface TypologyOrRoomValue {
  mode: 'typology' | 'room';
  items: LookupItem[];
}

export type VirtualType = 'all' | 'real' | 'virtual';
export type OptionValue = string | number | boolean;

/** The value each filter kind holds in the form, the URL and the request planner. */
export interface FilterValueByKind {
  date: DateValue;
  month: string | null;
  year: number;
  select: OptionValue | null;
  multiSelect: OptionValue[];
  lookup: LookupItem[];
  typologyOrRoom: TypologyOrRoomValue;
  virtualType: VirtualType;
  yesNo: boolean | null;
  search: string;
}

export type FilterValue = FilterValueByKind[FilterKind];

/** Applied filter values by filter id. */
export type FilterValues = Record<string, FilterValue>;

/** The definition of a filter of kind K (select and multiSelect share one schema). */
export type FilterOf<K extends FilterKind> = FilterDefinition extends infer F
  ? F extends { kind: infer FK }
    ? K extends FK
      ? F & { kind: K }
      : never
    : never
  : never;
