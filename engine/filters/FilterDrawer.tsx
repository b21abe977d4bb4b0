import { Button, Callout, Classes, Drawer, H2 } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { notifyError } from '../notify.ts';
import { texts } from '../texts.ts';
import type { IsoDay } from '../../core/filters/dates.ts';
import { FilterField } from './FilterField.tsx';
import { filterFormSchema } from './filterFormSchema.ts';
import { checkFilterRules, type FailedRule } from './filterRules.ts';
import type { FilterValues } from '../../core/filters/filterValues.ts';

export interface FilterDrawerProps {
  definition: Pick<ReportDefinition, 'filters' | 'filterRules'>;
  today: IsoDay;
  isOpen: boolean;
  /** The applied values, which the form starts from each time the drawer opens. */
  values: FilterValues;
  /** What Limpiar restores. */
  defaults: FilterValues;
  onApply(values: FilterValues): void;
  onClear(): void;
  onClose(): void;
}

/** The filter drawer (400 wide): every shown filter of the definition, Aplicar and Limpiar. */
export function FilterDrawer({ definition, today, isOpen, values, defaults, onApply, onClear, onClose }: FilterDrawerProps) {
  const resolver = useMemo(() => zodResolver(filterFormSchema(definition, { today })) as unknown as Resolver<FilterValues>, [definition, today]);
  // Checked on every change, so a wrong date is explained beside its field before Aplicar.
  const form = useForm<FilterValues>({ defaultValues: values, resolver, mode: 'onChange' });
  const [failed, setFailed] = useState<FailedRule>();
  const headingId = useId();

  // Opening starts again from what is applied; edits left unapplied are dropped.
  useEffect(() => {
    if (!isOpen) return;
    form.reset(values);
    setFailed(undefined);
  }, [isOpen]);

  const apply = form.handleSubmit((next) => {
    const broken = checkFilterRules(definition, next, today);
    setFailed(broken);
    if (broken) {
      notifyError(broken.title, broken.message);
      return;
    }
    onApply(next);
  });

  const clear = () => {
    // Filters on the page are not in the drawer: Limpiar leaves them as they are.
    const onPage = definition.filters.filter((filter) => filter.inline).map((filter) => [filter.id, values[filter.id]]);
    form.reset({ ...defaults, ...Object.fromEntries(onPage) });
    setFailed(undefined);
    onClear();
  };

  return (
    <Drawer isOpen={isOpen} onClose={onClose} size={400} position="right" className="filter-drawer">
      {/* The dialog's role on a div of its own: a form may not take it (axe's aria-allowed-role), and Blueprint's drawer has none. */}
      <div className="filter-drawer-dialog" role="dialog" aria-modal="true" aria-labelledby={headingId}>
        <form className="filter-drawer-form" onSubmit={apply} noValidate>
          <div className={Classes.DRAWER_HEADER}>
            <H2 id={headingId} className="filter-drawer-title">
              {texts.filters.open}
            </H2>
            <Button variant="minimal" icon="cross" aria-label={texts.report.close} title={texts.report.close} onClick={onClose} />
          </div>
          <div className={`${Classes.DRAWER_BODY} filter-drawer-body`}>
            {definition.filters
              .filter((filter) => !filter.hidden && !filter.inline)
              .map((filter) => (
                <Controller
                  key={filter.id}
                  name={filter.id}
                  control={form.control}
                  render={({ field, fieldState }) => (
                    <FilterField filter={filter} value={field.value} onChange={field.onChange} error={fieldState.error?.message} today={today} />
                  )}
                />
              ))}
            {failed ? (
              <Callout intent="danger" title={failed.title} role="alert">
                {failed.message}
              </Callout>
            ) : null}
          </div>
          <div className={`${Classes.DRAWER_FOOTER} filter-drawer-footer`}>
            <Button type="submit" intent="primary" text={texts.filters.apply} icon="tick" />
            <Button text={texts.filters.clear} icon="eraser" onClick={clear} />
          </div>
        </form>
      </div>
    </Drawer>
  );
}
