import { VegaEmbed } from 'react-vega';
import type { EmbedOptions, VisualizationSpec } from 'vega-embed';
import { expressionInterpreter } from 'vega-interpreter';

// Expressions are interpreted from their AST, never compiled with eval or Function: a strict CSP holds.
const options: EmbedOptions = { ast: true, expr: expressionInterpreter, actions: false, renderer: 'svg' };

/** Renders a Vega-Lite spec; this module and vega load on demand, in their own chunk. */
export default function VegaChart({ spec }: { spec: VisualizationSpec }) {
  return <VegaEmbed className="report-chart-view" spec={spec} options={options} />;
}
