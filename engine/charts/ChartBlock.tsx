import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useMemo } from 'react';
import type { VisualizationSpec } from 'vega-embed';
import { BlockError } from '../report/BlockError.tsx';
import type { BlockViewProps } from '../report/blockViewProps.ts';
import { useReport } from '../report/ReportContext.tsx';
import { useBlockAnswer } from '../report/useBlockAnswer.ts';
import { texts } from '../texts.ts';
import { chartRows } from './chartRows.ts';
import { chartSpec } from './chartSpec.ts';

const VegaChart = lazy(() => import('./VegaChart.tsx'));

/** A chart block: its rows from the answer, drawn by Vega-Lite once the chart code has loaded. */
export function ChartBlock({ block }: BlockViewProps<'chart'>) {
  const { definition } = useReport();
  const { answer, isPending, error, retry, scoped } = useBlockAnswer(block.source);
  const source = definition.sources[block.source];
  const rows = useMemo(() => chartRows(block, answer, source, scoped), [block, answer, source, scoped]);
  const spec = useMemo(() => chartSpec(block, rows) as VisualizationSpec, [block, rows]);

  if (error && answer === undefined) return <BlockError onRetry={retry} />;
  const loading = <Spinner size={24} aria-label={texts.app.loading} />;
  return (
    <figure className="report-chart" aria-label={block.title ?? block.valueLabel} aria-busy={isPending}>
      {isPending ? loading : rows.length === 0 ? (
        <p className="report-chart-empty">{texts.report.noData}</p>
      ) : (
        <Suspense fallback={loading}>
          <VegaChart spec={spec} />
        </Suspense>
      )}
    </figure>
  );
}
