import type { z } from 'zod';
import type { FilterDefinition } from '../../schema/reportDefinition.ts';
import type { FilterKind } from '../../schema/registries.ts';
import type { DayRange, IsoDay } from './dates.ts';
import type { FilterContext, FilterKindModule, QueryPairs } from './filterKind.ts';
import type { FilterValue } from './filterValues.ts';
import { searchKind, virtualTypeKind, yesNoKind } from './kinds/choiceKinds.ts';
import { dateKind } from './kinds/dateKind.ts';
import { lookupKind } from './kinds/lookupKind.ts';
import { monthKind } from './kinds/monthKind.ts';
import { multiSelectKind, selectKind } from './kinds/selectKinds.ts';
import { typologyOrRoomKind } from './kinds/typologyOrRoomKind.ts';
import { yearKind } from './kinds/yearKind.ts';

/** Every filter kind's behaviour, keyed like the schema's enum. */
export const filterKindModules: { [K in FilterKind]: FilterKindModule<K> } = {
  date: dateKind,
  month: monthKind,
  year: yearKind,
  select: selectKind,
  multiSelect: multiSelectKind,
  lookup: lookupKind,
  typologyOrRoom: typologyOrRoomKind,
  virtualType: virtualTypeKind,
  yesNo: yesNoKind,
  search: searchKind,
};

/** A kind module seen through any filter of any kind (the filter decides which module answers). */
export interface AnyFilterKind {
  label(filter: FilterDefinition): string;
  defaultValue(filter: FilterDefinition, context: FilterContext): FilterValue;
  schema(filter: FilterDefinition, context: FilterContext): z.ZodType<FilterValue>;
  toQuery(filter: FilterDefinition, value: FilterValue): QueryPairs;
  toUrl(filter: FilterDefinition, value: FilterValue): QueryPairs;
  fromUrl(filter: FilterDefinition, params: URLSearchParams, context: FilterContext): FilterValue | undefined;
  urlKeys(filter: FilterDefinition): string[];
  describe(filter: FilterDefinition, value: FilterValue, context: FilterContext): string | undefined;
  days?(filter: FilterDefinition, value: FilterValue): { from: IsoDay | null; to: IsoDay | null };
  shift?(filter: FilterDefinition, value: FilterValue, move: (range: DayRange) => DayRange): FilterValue | undefined;
}

export function kindOf(filter: FilterDefinition): AnyFilterKind {
  return filterKindModules[filter.kind] as unknown as AnyFilterKind;
}

export function filterLabel(filter: FilterDefinition): string {
  return filter.label ?? kindOf(filter).label(filter);
}
