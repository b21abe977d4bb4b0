import { Spinner } from '@blueprintjs/core';
import { useCallback, useId, useMemo, useState } from 'react';
import type { VisualizationSpec } from 'vega-embed';
import { BlockError } from '../report/BlockError.tsx';
import type { BlockViewProps } from '../report/blockViewProps.ts';
import { useReport } from '../report/ReportContext.tsx';
import { useBlockAnswer } from '../report/useBlockAnswer.ts';
import { useLoaded } from '../shell/onDemand.tsx';
import { texts } from '../texts.ts';
import { useTheme } from '../theme/useTheme.ts';
import { ChartDataTable } from './ChartDataTable.tsx';
import { chartItems, chartRows, largestValues } from './chartRows.ts';
import { useDrill } from './useDrill.ts';
import './drill.css';
import { chartSpec } from './chartSpec.ts';

// Vega's code (the largest chunk) loads with the first chart drawn, as its data is asked for.
const loadVegaChart = () => import('./VegaChart.tsx').then((module) => module.default);

/** A chart block: its rows from the answer, drawn by Vega-Lite once the chart code has loaded, with a text alternative and its data table. */
export function ChartBlock({ block }: BlockViewProps<'chart'>) {
  const { definition } = useReport();
  const { answer, isPending, error, retry, scoped } = useBlockAnswer(block.source);
  const source = definition.sources[block.source];
  const rows = useMemo(() => chartRows(block, answer, source, scoped), [block, answer, source, scoped]);
  const items = useMemo(() => chartItems(block, answer, source, scoped), [block, answer, source, scoped]);
  const drill = useDrill();
  // A click on a mark (or Enter on its "Ver datos" row) opens the rows behind it; "Otros (N)" is no one row.
  const openRow = useCallback(
    (index: number) => {
      if (block.drill && index >= 0 && index < items.length) drill.open(block.drill, items[index]);
    },
    [block.drill, items, drill],
  );
  const onMarkClick = useCallback((datum: Record<string, unknown>) => openRow(Number(datum.drillIndex ?? -1)), [openRow]);
  // A switch of theme draws the chart again in the other theme's colours.
  const { theme } = useTheme();
  const spec = useMemo(() => chartSpec(block, rows, theme) as VisualizationSpec, [block, rows, theme]);
  const descriptionId = useId();
  const [chartAttempt, setChartAttempt] = useState(0);
  const chartCode = useLoaded(loadVegaChart, { attempt: chartAttempt });

  if (error && answer === undefined) return <BlockError error={error} onRetry={retry} />;
  if (chartCode.error) return <BlockError error={chartCode.error} onRetry={() => setChartAttempt((n) => n + 1)} />;
  const VegaChart = chartCode.value;
  const title = block.title ?? block.valueLabel ?? texts.report.value;
  const loading = <Spinner size={24} aria-label={texts.app.loading} />;
  return (
    <figure className="report-chart" aria-label={title} aria-busy={isPending}>
      {isPending ? loading : rows.length === 0 ? (
        <p className="report-chart-empty">{texts.report.noData}</p>
      ) : (
        <>
          {/* The drawing is one image to a screen reader, described by the title and the largest values. */}
          <div className="report-chart-picture" role="img" aria-label={title} aria-describedby={descriptionId}>
            {VegaChart ? <VegaChart spec={spec} theme={theme} onMarkClick={block.drill ? onMarkClick : undefined} /> : loading}
          </div>
          <p id={descriptionId} className="report-visually-hidden">
            {texts.report.chartSummary(title, largestValues(rows))}
          </p>
          {block.drill ? <p className="report-chart-drill-hint">{texts.drill.chartHint}</p> : null}
          {block.dataTable ? <ChartDataTable block={block} rows={rows} title={title} {...(block.drill ? { onOpenRow: openRow } : {})} /> : null}
        </>
      )}
    </figure>
  );
}
