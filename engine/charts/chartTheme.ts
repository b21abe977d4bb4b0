import type { Theme } from '../theme/themePreference.ts';

const light = {
  background: '#ffffff00',
  text: '#1c2127',
  muted: '#5f6b7c',
  grid: '#eeeeee',
  domain: '#8f99a8',
};

// Blueprint's dark text colours; the grid a shade above the page (#1c2127).
const dark = {
  background: '#ffffff00',
  text: '#f6f7f9',
  muted: '#abb3bf',
  grid: '#383e47',
  domain: '#738091',
};

/** The Vega-Lite config of the theme: text, axes, grid and legend legible on the page behind the chart. */
export function chartThemeConfig(theme: Theme) {
  const colors = theme === 'dark' ? dark : light;
  return {
    background: colors.background,
    title: { color: colors.text },
    axis: {
      labelColor: colors.muted,
      titleColor: colors.text,
      gridColor: colors.grid,
      domainColor: colors.domain,
      tickColor: colors.domain,
    },
    legend: { labelColor: colors.muted, titleColor: colors.text },
    // Slices are separated by a line of the page's colour.
    arc: { stroke: theme === 'dark' ? '#1c2127' : '#ffffff' },
  };
}
