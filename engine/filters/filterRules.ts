import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import type { filterRuleNames } from '../../schema/registries.ts';
import { monthOf, type IsoDay } from '../../core/filters/dates.ts';
import { kindOf } from '../../core/filters/filterKinds.ts';
import type { FilterValues } from '../../core/filters/filterValues.ts';

type FilterRuleName = (typeof filterRuleNames)[number];
type Days = { from: IsoDay | null; to: IsoDay | null };

/** Each rule reads the days of the filters it lists, in their order, and says whether they pass. */
const rules: Record<FilterRuleName, (days: Days[], today: IsoDay) => boolean> = {
  rangeBothDatesOutsideCurrentMonth: (days, today) =>
    days.every(({ from, to }) => from !== null && to !== null && monthOf(from) !== monthOf(today) && monthOf(to) !== monthOf(today)),
  startNotAfterEnd: (days) => {
    const chosen = days.flatMap(({ from, to }) => [from, to]).filter((d): d is IsoDay => d !== null);
    return chosen.every((d, i) => i === 0 || chosen[i - 1]! <= d);
  },
  notAfterToday: (days, today) => days.every(({ from, to }) => (from === null || from <= today) && (to === null || to <= today)),
};

export interface FailedRule {
  title: string;
  message: string;
}

/** The first cross-field rule the values break (checked on Aplicar), or undefined when all pass. */
export function checkFilterRules(
  definition: Pick<ReportDefinition, 'filters' | 'filterRules'>,
  values: FilterValues,
  today: IsoDay,
): FailedRule | undefined {
  for (const rule of definition.filterRules) {
    const days = rule.filters.map((id): Days => {
      const filter = definition.filters.find((f) => f.id === id);
      const value = values[id];
      if (!filter || value === undefined) return { from: null, to: null };
      return kindOf(filter).days?.(filter, value) ?? { from: null, to: null };
    });
    if (!rules[rule.rule as FilterRuleName](days, today)) return { title: rule.title, message: rule.message };
  }
  return undefined;
}
