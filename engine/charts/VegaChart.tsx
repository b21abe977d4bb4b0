import { useCallback, useEffect, useRef } from 'react';
import { VegaEmbed } from 'react-vega';
import type { EmbedOptions, Result, VisualizationSpec } from 'vega-embed';
import { expressionInterpreter } from 'vega-interpreter';
import type { Theme } from '../theme/themePreference.ts';
import './vega-embed.css';
import './vega-tooltip.css';

// Expressions are interpreted from their AST, never compiled with eval or Function, and vega-embed and its tooltip inject
// no <style> (their stylesheets are the files imported above): a strict CSP holds.
const optionsOf = (theme: Theme): EmbedOptions => ({
  ast: true,
  expr: expressionInterpreter,
  actions: false,
  renderer: 'svg',
  defaultStyle: false,
  tooltip: { disableDefaultStyle: true, theme },
});
const options = { light: optionsOf('light'), dark: optionsOf('dark') };

export interface VegaChartProps {
  spec: VisualizationSpec;
  theme?: Theme | undefined;
  /** A click on a mark: the datum it draws (a drillable chart's marks carry `drillIndex`). Default: marks do nothing. */
  onMarkClick?: ((datum: Record<string, unknown>) => void) | undefined;
}

/** Renders a Vega-Lite spec; this module and vega load on demand, in their own chunk. */
export default function VegaChart({ spec, theme = 'light', onMarkClick }: VegaChartProps) {
  // The view outlives a render: its listener reads the latest handler.
  const handler = useRef(onMarkClick);
  useEffect(() => {
    handler.current = onMarkClick;
  }, [onMarkClick]);
  const onEmbed = useCallback((result: Result) => {
    result.view.addEventListener('click', (_event, item) => {
      const datum = (item as { datum?: unknown } | null | undefined)?.datum;
      if (datum && typeof datum === 'object') handler.current?.(datum as Record<string, unknown>);
    });
  }, []);
  return <VegaEmbed className="report-chart-view" spec={spec} options={options[theme]} onEmbed={onEmbed} />;
}
