import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { reports } from '../../core/definitions.ts';
import { drillHref, drillTarget } from '../../core/report/drill.ts';
import type { DrillDefinition } from '../../schema/reportDefinition.ts';
import { useReport } from '../report/ReportContext.tsx';

export interface Drill {
  /** The address the figure opens, or undefined when its target screen is not known. */
  hrefOf(drill: DrillDefinition, datum?: unknown): string | undefined;
  /** Goes there, as a link does: a history entry, so the browser's back returns to the figure. */
  open(drill: DrillDefinition, datum?: unknown): void;
}

/** Drill-down from a figure of this report page to the rows behind it (core/report/drill.ts builds the address). */
export function useDrill(): Drill {
  const { definition, filters, today, searchParams } = useReport();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hrefOf = useCallback(
    (drill: DrillDefinition, datum?: unknown) => {
      const target = drillTarget(drill, definition, reports);
      if (!target) return undefined;
      return drillHref({ drill, from: definition, values: filters, target, datum, today, pathname, current: searchParams });
    },
    [definition, filters, today, pathname, searchParams],
  );
  const open = useCallback(
    (drill: DrillDefinition, datum?: unknown) => {
      const href = hrefOf(drill, datum);
      if (href !== undefined) navigate(href);
    },
    [hrefOf, navigate],
  );
  return { hrefOf, open };
}
