import { describe, expect, it } from 'vitest';
import type { Block } from '../../schema/reportDefinition.ts';
import { reports } from '../definitions.ts';
import { blockExportTitle } from './exportTitle.ts';
import { distinctTitle, sheetName } from './sheetName.ts';

/** Every table's file title, as TableBlockView names it (a data tab's title stands for any of its values). */
function tableTitles(): string[] {
  const titles: string[] = [];
  const walk = (reportTitle: string, blocks: readonly Block[], tabTitles: string[]) => {
    for (const block of blocks) {
      if (block.kind === 'table') titles.push(blockExportTitle(reportTitle, tabTitles, block.title));
      if (block.kind !== 'tabs') continue;
      for (const tab of block.tabs ?? []) walk(reportTitle, tab.blocks, [...tabTitles, tab.title]);
      if (block.fromData) walk(reportTitle, block.fromData.blocks, [...tabTitles, 'Apartamento dos alcobas']);
    }
  };
  for (const report of reports) walk(report.title, report.blocks, []);
  return titles;
}

const words = (text: string) => text.toLocaleLowerCase('es').split(/[\s-]+/).filter(Boolean);

describe('sheetName', () => {
  it('cuts a long title at the end of a word', () => {
    expect(sheetName('Ventas POS general - Órdenes cerradas')).toBe('Ventas POS general - Órdenes');
  });

  it('says a part of the title once', () => {
    expect(sheetName('Propinas - Propinas')).toBe('Propinas');
    expect(sheetName('Propinas - Propinas por empleado')).toBe('Propinas por empleado');
    expect(sheetName('Reseñas - Reseñas de Google - Reseñas')).toBe('Reseñas de Google');
  });

  it('heads the printed pages with the title, each part once and whole', () => {
    expect(distinctTitle('Propinas - Propinas')).toBe('Propinas');
    expect(distinctTitle('Ventas POS general - Órdenes cerradas')).toBe('Ventas POS general - Órdenes cerradas');
  });

  it('does not end on a word that leaves the name unfinished', () => {
    expect(sheetName('Propinas - Consolidado por empleado')).toBe('Propinas - Consolidado');
  });

  it('keeps a short title whole and drops the characters Excel refuses', () => {
    expect(sheetName('Reservas')).toBe('Reservas');
    expect(sheetName('Ventas [POS]: 01/11/2026 * ¿?')).toBe('Ventas POS 01 11 2026 ¿');
    expect(sheetName("'Citado'")).toBe('Citado');
  });

  it('cuts inside a single word longer than a sheet name, and never names a sheet "Filtros" or nothing', () => {
    expect(sheetName('Supercalifragilisticoespialidoso y más')).toBe('Supercalifragilisticoespialidos');
    expect(sheetName('filtros')).toBe('Reporte');
    expect(sheetName(' / ')).toBe('Reporte');
  });

  it("names every report's tables within Excel's rules, cut at a word and each part once", () => {
    const titles = tableTitles();
    expect(titles.length).toBeGreaterThan(30);
    for (const title of titles) {
      const name = sheetName(title);
      expect(name.length, title).toBeLessThanOrEqual(31);
      expect(name, title).not.toMatch(/[\\/?*[\]:]|^'|'$/);
      const titleWords = new Set(words(title.replace(/[\\/?*[\]:]/g, ' ')));
      for (const word of words(name)) expect(titleWords.has(word), `${title} → ${name}`).toBe(true);
      const parts = name.split(' - ').map((part) => part.toLocaleLowerCase('es'));
      expect(new Set(parts).size, `${title} → ${name}`).toBe(parts.length);
    }
  });
});
