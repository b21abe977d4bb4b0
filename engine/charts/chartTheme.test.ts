import { describe, expect, it } from 'vitest';
import { blockSchema } from '../../schema/reportDefinition.ts';
import type { ChartBlock } from './chartRows.ts';
import { chartSpec } from './chartSpec.ts';
import { chartThemeConfig } from './chartTheme.ts';

const chart = (input: Record<string, unknown>) => blockSchema.parse({ kind: 'chart', source: 's', category: 'name', value: 'total', ...input }) as ChartBlock;

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

// The page behind the charts (engine/app/theme.css: --app-page-bg).
const pages = { light: '#f6f4f0', dark: '#1c2127' } as const;

describe('chart themes', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`keeps the ${theme} chart's texts legible on its page (WCAG AA, 4.5:1)`, () => {
      const config = chartThemeConfig(theme);
      for (const color of [config.axis.labelColor, config.axis.titleColor, config.legend.labelColor, config.title.color]) {
        expect(contrast(color, pages[theme])).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('draws the dark chart with light texts and a transparent background, the light one with dark texts', () => {
    const rows = [{ category: 'Bar', value: 10, label: '10' }];
    const dark = chartSpec(chart({ chart: 'bar' }), rows, 'dark') as { config: ReturnType<typeof chartThemeConfig> };
    const light = chartSpec(chart({ chart: 'bar' }), rows) as { config: ReturnType<typeof chartThemeConfig> };
    expect(dark.config.axis.labelColor).toBe('#abb3bf');
    expect(light.config.axis.labelColor).toBe('#5f6b7c');
    expect(dark.config.background).toBe('#ffffff00');
    // The shared settings stay: font sizes and the palette.
    expect(dark.config.axis).toMatchObject({ labelFontSize: 11, grid: true });
  });
});
