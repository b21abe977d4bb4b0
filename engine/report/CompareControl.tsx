import { HTMLSelect } from '@blueprintjs/core';
import { useId, useMemo } from 'react';
import { comparedSources, compareModes, describeComparison, readCompareMode, writeCompareMode, type CompareMode } from '../../core/filters/comparePeriod.ts';
import { texts } from '../texts.ts';
import { useReport } from './ReportContext.tsx';
import './Compare.css';

const none = '';

/** Whether the screen has cards a period filters: where "Comparar con:" means something. */
function useCompared(): boolean {
  const { definition } = useReport();
  return useMemo(() => comparedSources(definition).length > 0, [definition]);
}

/**
 * "Comparar con: Ninguno / Periodo anterior / Año anterior" on a screen whose cards a period filters; the choice is the
 * URL's `compare` param, so saved views, links, prints and files follow it.
 */
export function CompareControl() {
  const { searchParams, updateSearchParams } = useReport();
  const id = useId();
  if (!useCompared()) return null;
  const mode = readCompareMode(searchParams);
  return (
    <span className="report-compare">
      <label htmlFor={id}>{texts.periodCompare.label}</label>
      <HTMLSelect
        id={id}
        value={mode ?? none}
        onChange={(event) => {
          const value = event.currentTarget.value;
          const chosen = compareModes.find((m) => m === value) as CompareMode | undefined;
          updateSearchParams((params) => writeCompareMode(params, chosen));
        }}
        options={[{ value: none, label: texts.periodCompare.none }, ...compareModes.map((m) => ({ value: m, label: texts.periodCompare.modes[m] }))]}
      />
    </span>
  );
}

/** On paper, where the toolbar is left off: "Comparado con: Periodo anterior (01/10/2026 – 31/10/2026)". */
export function ComparedPeriodNote() {
  const { definition, filters, searchParams } = useReport();
  const compared = useCompared();
  const text = compared ? describeComparison(definition, filters, searchParams) : undefined;
  if (text === undefined) return null;
  return (
    <p className="report-compare-note">
      {texts.periodCompare.comparedWith}: {text}
    </p>
  );
}
