import type { z } from 'zod';
import type { FilterKind } from '../../schema/registries.ts';
import type { DayRange, IsoDay } from './dates.ts';
import type { FilterOf, FilterValueByKind } from './filterValues.ts';

/** What the filters need to know about the moment they are used. */
export interface FilterContext {
  today: IsoDay;
}

export type QueryPairs = Array<[string, string]>;

/** Everything one filter kind answers for itself, so shared code never asks which kind it holds. */
export interface FilterKindModule<K extends FilterKind> {
  /** The label when the definition gives none. */
  label(filter: FilterOf<K>): string;
  /** The definition's default resolved against today, or the kind's empty value. */
  defaultValue(filter: FilterOf<K>, context: FilterContext): FilterValueByKind[K];
  /** Validation of the form value. */
  schema(filter: FilterOf<K>, context: FilterContext): z.ZodType<FilterValueByKind[K]>;
  /** Request parameters (dates YYYY-MM-DD, lists as repeated keys). */
  toQuery(filter: FilterOf<K>, value: FilterValueByKind[K]): QueryPairs;
  /** URL search params holding the value; an empty string marks an explicit "nothing". */
  toUrl(filter: FilterOf<K>, value: FilterValueByKind[K]): QueryPairs;
  /** The value read back from the URL, or undefined when the URL does not say (use the default). */
  fromUrl(filter: FilterOf<K>, params: URLSearchParams, context: FilterContext): FilterValueByKind[K] | undefined;
  /** The URL keys the kind writes, to clear them. */
  urlKeys(filter: FilterOf<K>): string[];
  /** The applied value as a user reads it (DD/MM/YYYY, labels), or undefined when it filters nothing. */
  describe(filter: FilterOf<K>, value: FilterValueByKind[K], context: FilterContext): string | undefined;
  /** Every day the value names (for date rules and the filtered period). */
  days?(filter: FilterOf<K>, value: FilterValueByKind[K]): { from: IsoDay | null; to: IsoDay | null };
  /**
   * The value naming the period `move` gives for the days it names (the comparison's period, comparePeriod.ts), in the
   * kind's own terms; undefined when it names no period.
   */
  shift?(filter: FilterOf<K>, value: FilterValueByKind[K], move: (range: DayRange) => DayRange): FilterValueByKind[K] | undefined;
}
