import { useEffect, useState } from 'react';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import type { IsoDay } from '../../core/filters/dates.ts';
import { FilterField } from './FilterField.tsx';
import { kindOf } from '../../core/filters/filterKinds.ts';
import { checkFilterRules } from './filterRules.ts';
import type { FilterValue, FilterValues } from '../../core/filters/filterValues.ts';

type InlineFilter = ReportDefinition['filters'][number];

export interface InlineFiltersProps {
  definition: Pick<ReportDefinition, 'filters' | 'filterRules'>;
  today: IsoDay;
  /** The applied values. */
  values: FilterValues;
  onApply(values: FilterValues): void;
}

export interface CheckedFilterFieldProps extends InlineFiltersProps {
  filter: InlineFilter;
  /** Label beside the field (a filter on the page) rather than above it. */
  inline?: boolean;
}

/** One filter applied as soon as its value is valid, else it says why beside the field and sends nothing. */
export function CheckedFilterField({ filter, definition, today, values, onApply, inline = false }: CheckedFilterFieldProps) {
  const applied = values[filter.id]!;
  const [draft, setDraft] = useState<FilterValue>(applied);
  const [error, setError] = useState<string>();
  // A link, Atrás or Limpiar changes the applied value: the field shows it.
  useEffect(() => {
    setDraft(applied);
    setError(undefined);
  }, [applied]);

  const change = (value: FilterValue) => {
    setDraft(value);
    const parsed = kindOf(filter).schema(filter, { today }).safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    const next = { ...values, [filter.id]: parsed.data as FilterValue };
    const broken = checkFilterRules(definition, next, today);
    setError(broken?.message);
    if (!broken) onApply(next);
  };

  return <FilterField filter={filter} value={draft} onChange={change} error={error} today={today} inline={inline} />;
}

/** The report's `inline` filters, above the blocks. */
export function InlineFilters(props: InlineFiltersProps) {
  const shown = props.definition.filters.filter((filter) => filter.inline && !filter.hidden);
  return (
    <div className="inline-filters">
      {shown.map((filter) => (
        <CheckedFilterField key={filter.id} filter={filter} {...props} inline />
      ))}
    </div>
  );
}
