import { VegaEmbed } from 'react-vega';
import type { EmbedOptions, VisualizationSpec } from 'vega-embed';
import { expressionInterpreter } from 'vega-interpreter';
import './vega-embed.css';
import './vega-tooltip.css';

// Expressions are interpreted from their AST, never compiled with eval or Function, and vega-embed and its tooltip inject
// no <style> (their stylesheets are the files imported above): a strict CSP holds.
const options: EmbedOptions = {
  ast: true,
  expr: expressionInterpreter,
  actions: false,
  renderer: 'svg',
  defaultStyle: false,
  tooltip: { disableDefaultStyle: true },
};

/** Renders a Vega-Lite spec; this module and vega load on demand, in their own chunk. */
export default function VegaChart({ spec }: { spec: VisualizationSpec }) {
  return <VegaEmbed className="report-chart-view" spec={spec} options={options} />;
}
