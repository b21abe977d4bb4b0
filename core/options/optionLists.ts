import type { OptionListName } from '../../schema/registries.ts';
import { texts } from '../texts.ts';

export interface Option {
  value: string | number | boolean;
  label: string;
}

const fromLabels = (labels: Readonly<Record<string, string>>): Option[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** 2020, 2021, then each year up to ten after the current one. */
export function occupancyYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let year = 2020; year <= currentYear + 10; year += 1) years.push(year);
  return years;
}

/** The fixed option lists a definition names; `currentYear` dates the year list. */
export const optionLists: Record<OptionListName, (currentYear: number) => Option[]> = {
  bookingStatus: () => fromLabels(texts.bookingStatus),
  orderStatus: () => fromLabels(texts.orderStatus),
  taskStatus: () => fromLabels(texts.taskStatus),
  clientCategory: () => fromLabels(texts.clientCategory),
  reviewType: () => fromLabels(texts.reviewType),
  occupancyYears: (currentYear) => occupancyYears(currentYear).map((year) => ({ value: year, label: String(year) })),
  yesNo: () => [
    { value: true, label: texts.values.yes },
    { value: false, label: texts.values.no },
  ],
};

/** A filter's options: a named list or the definition's inline ones. */
export function resolveOptions(options: OptionListName | readonly Option[], currentYear: number): Option[] {
  return typeof options === 'string' ? optionLists[options](currentYear) : [...options];
}

/** The label of a value in a list, or the value itself when the list does not hold it. */
export function optionLabel(options: readonly Option[], value: unknown): string {
  return options.find((o) => o.value === value || String(o.value) === String(value))?.label ?? String(value);
}
