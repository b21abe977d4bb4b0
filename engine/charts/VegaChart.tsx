import { VegaEmbed } from 'react-vega';
import type { EmbedOptions, VisualizationSpec } from 'vega-embed';
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

/** Renders a Vega-Lite spec; this module and vega load on demand, in their own chunk. */
export default function VegaChart({ spec, theme = 'light' }: { spec: VisualizationSpec; theme?: Theme }) {
  return <VegaEmbed className="report-chart-view" spec={spec} options={options[theme]} />;
}
