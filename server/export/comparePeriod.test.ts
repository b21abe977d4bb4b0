import { describe, expect, it } from 'vitest';
import { filtersSheetLines } from '../../core/export/buildWorkbook.ts';
import { walkBlocks } from '../../core/data/walkBlocks.ts';
import { reports } from '../../core/definitions.ts';
import { exportBodySchema } from './exportBody.ts';
import { planExport } from './exportPlan.ts';

// "Comparar con:" in the server's files: the export body's params carry the screen's `compare`.

const today = '2026-11-27';

describe('the server\'s file of a screen compared with another period', () => {
  it('reads `compare` from the screen\'s params and states it on the Filtros sheet', () => {
    const recaudo = reports.find((definition) => definition.route === '/gerencia/recaudo')!;
    let block = '';
    walkBlocks(recaudo.blocks, (found, path) => {
      if (!block && found.kind === 'table') block = path.join('-');
    });
    const plan = (params: string) =>
      planExport(reports, exportBodySchema.parse({ report: recaudo.id, block, format: 'xlsx', params }), today).description;
    const compared = plan('month=2026-11&compare=previous');
    expect(compared.comparison).toBe('Periodo anterior (01/10/2026 – 31/10/2026)');
    const lines = filtersSheetLines({ ...compared, columns: [], generatedBy: 'Demo', generatedAt: new Date('2026-11-27T12:00:00Z') });
    expect(lines).toContainEqual(['Comparado con', 'Periodo anterior (01/10/2026 – 31/10/2026)']);
    expect(plan('month=2026-03&compare=lastYear').comparison).toBe('Año anterior (01/03/2025 – 31/03/2025)');
    expect(plan('month=2026-11').comparison).toBeUndefined();
    expect(filtersSheetLines({ ...plan('month=2026-11'), columns: [], generatedBy: 'Demo', generatedAt: new Date() }).flat()).not.toContain('Comparado con');
  });
});
