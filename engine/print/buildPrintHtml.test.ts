// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { column, testRequest } from '../../core/export/testRequest.ts';
import { monthColumn } from '../table/buildColumns.tsx';
import { buildPrintHtml, escapeHtml } from './buildPrintHtml.ts';

/** The printed document as a browser parses it. */
function printed(html: string): Element {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}
const texts = (root: Element, selector: string) => [...root.querySelectorAll(selector)].map((e) => e.textContent);

describe('buildPrintHtml', () => {
  const page = printed(buildPrintHtml({ ...testRequest(), dataAsOf: undefined }));

  it('heads the page with the title, the print date and who printed it', () => {
    expect(page.querySelector('h1')?.textContent).toBe('Reservas');
    expect(page.querySelector('.mirador-print-meta')?.textContent).toBe('Impreso el 22/11/2026 14:05 UTC · Impreso por Demo Mirador');
  });

  it('states when the data was read when it is known, under the print date', () => {
    const read = printed(buildPrintHtml({ ...testRequest(), dataAsOf: Date.UTC(2026, 10, 22, 13, 58, 40) }));
    expect(texts(read, '.mirador-print-meta')).toEqual([
      'Impreso el 22/11/2026 14:05 UTC · Impreso por Demo Mirador',
      'Datos al 22/11/2026 13:58 UTC',
    ]);
    expect(page.querySelector('.mirador-print-data-as-of')).toBeNull();
  });

  it("prints the times on the operator's clock with its zone's name", () => {
    const read = printed(buildPrintHtml({ ...testRequest(), dataAsOf: Date.UTC(2026, 10, 22, 13, 58, 40), timeZone: 'America/Bogota' }));
    expect(texts(read, '.mirador-print-meta')).toEqual([
      'Impreso el 22/11/2026 09:05 America/Bogota · Impreso por Demo Mirador',
      'Datos al 22/11/2026 08:58 America/Bogota',
    ]);
  });

  it('lists the applied filters and the search', () => {
    expect(texts(page, '.mirador-print-filters div')).toEqual(['StatusConfirmado, Check In', 'Check-in01/11/2026 - 30/11/2026', 'BúsquedaB-00']);
  });

  it('has a table header in a thead, which the stylesheet repeats on every page', () => {
    expect(texts(page, 'thead th')).toEqual(['REF', 'Contacto', 'Check-in', 'Total', 'Saldo', 'Mitad', 'Status', 'Habitación', 'Interno']);
  });

  it('prints every row, formatted as on screen', () => {
    const rows = [...page.querySelectorAll('tbody tr')].map((tr) => texts(tr, 'td'));
    expect(rows.slice(0, 3)).toEqual([
      ['B-001', 'Booking.com', '03/11/2026', '$1,234.50', '-5', '$617.25', 'Confirmado', 'Suite 101', 'x1'],
      ['B-002', '=SUM(A1)', '31/12/2026', '$100.00', '20.25', '$50.00', 'Check In', 'Casa; "Azul"', 'x2'],
      ['B-003', '<img src=x onerror=alert(1)>', '—', '$0.10', '—', '$0.05', 'Not Show', '—', 'x3'],
    ]);
  });

  it('prints names whole that the screen cuts or shortens', () => {
    const columns = [
      column({ field: 'wayContactName', header: 'Contacto', format: 'contactName' }),
      column({ field: 'place', header: 'Habitación', format: 'placeName' }),
      column({ field: 'user', header: 'Cliente', format: 'clientName' }),
    ];
    const rows = [{ wayContactName: 'Juan Sebastián Pérez', place: 'Apto 1 alcoba doble', user: { name: 'Ana María', lastName: 'Gil Pardo' } }];
    const paper = printed(buildPrintHtml(testRequest({ columns, rows, totals: false })));
    expect(texts(paper, 'tbody td')).toEqual(['Juan Sebastián Pérez', 'Apto 1 alcoba doble', 'Ana María Gil Pardo']);
  });

  it('prints month columns with each row\'s sums, which the page left to be added here', () => {
    const spec = { rows: 'rates', date: 'date', value: 'totalRate', format: 'money' as const };
    const columns = [column({ field: 'ref', header: 'REF' }), ...['2023-12', '2024-01'].map((key) => monthColumn(key, spec))];
    const rows = [{ ref: 'S', rates: [{ date: '2023-12-31', totalRate: 5 }, { date: '2024-01-01', totalRate: 7 }, { date: '2024-01-02', totalRate: 1 }] }];
    const paper = printed(buildPrintHtml(testRequest({ columns, rows, totals: false, monthSums: { spec, months: ['2023-12', '2024-01'] } })));
    expect(texts(paper, 'thead th')).toEqual(['REF', 'Diciembre 2023', 'Enero 2024']);
    expect(texts(paper, 'tbody td')).toEqual(['S', '$5.00', '$8.00']);
  });

  it('shows markup in a value as text', () => {
    expect(page.querySelector('img')).toBeNull();
    expect(page.querySelector('tbody tr:nth-child(3) td:nth-child(2)')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('ends the table with the totals', () => {
    const last = page.querySelector('tbody tr:last-child')!;
    expect(last.className).toBe('mirador-print-total');
    expect(texts(last, 'td')).toEqual(['Total', '', '', '$1,334.60', '-5', '$222.43', '', '', '']);
  });

  it('aligns numbers right, as on screen', () => {
    expect(page.querySelector('thead th:nth-child(4)')?.className).toBe('align-right');
    expect(page.querySelector('thead th:nth-child(2)')?.className).toBe('');
  });

  it('says when there is nothing to print and shows no totals when the table has none', () => {
    const empty = printed(buildPrintHtml(testRequest({ rows: [], totals: false, filters: [], search: undefined })));
    expect(texts(empty, 'tbody td')).toEqual(['No hay datos para mostrar.']);
    expect(texts(empty, '.mirador-print-filters dt')).toEqual(['(ninguno)']);
  });

  it("prints the printed figures' formulas under the filters, before the rows, and none when it states none", () => {
    const columns = [
      column({ field: 'ref', header: 'REF' }),
      column({ field: 'occupancy', header: 'Ocupación', format: 'percent', help: 'Ocupación % = habitaciones ocupadas / habitaciones × 100' }),
      column({ field: 'total', header: 'Total', format: 'money', help: 'Total = <Σ> tarifas' }),
    ];
    const glossary = [
      { label: 'Ocupación', text: 'Ocupación % = habitaciones ocupadas / habitaciones × 100' },
      { label: 'Total', text: 'Total = <Σ> tarifas' },
    ];
    const withFormulas = printed(buildPrintHtml(testRequest({ columns, glossary })));
    const section = withFormulas.querySelector('.mirador-print-glossary')!;
    expect(section.querySelector('h2')?.textContent).toBe('Fórmulas');
    expect(texts(section, 'dt')).toEqual(['Ocupación', 'Total']);
    expect(texts(section, 'dd')).toEqual(['Ocupación % = habitaciones ocupadas / habitaciones × 100', 'Total = <Σ> tarifas']);
    expect(section.compareDocumentPosition(withFormulas.querySelector('table')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(page.querySelector('.mirador-print-glossary')).toBeNull();
  });

  it("lists only the formulas of the figures printed: the table's columns and its own note, not the page's cards and charts", () => {
    const columns = [
      column({ field: 'ref', header: 'REF' }),
      column({ field: 'total', header: 'Total', format: 'money', help: 'Suma de las tarifas' }),
      column({ field: 'nights', header: 'Noches', format: 'integer' }),
    ];
    const glossary = [
      { label: 'Ocupación', text: 'Ocupación % = habitaciones ocupadas / habitaciones × 100' },
      { label: 'Total', text: 'Suma de las tarifas' },
      { label: 'Noches', text: 'Noches vendidas en el mes (la tarjeta)' },
      { label: 'Ingresos por mes', text: 'Ingresos de cada mes (la gráfica)' },
      { label: 'Reservas del mes', text: 'Una fila por reserva (la nota de la tabla)' },
    ];
    const paper = printed(buildPrintHtml(testRequest({ title: 'Ventas - Reservas del mes', columns, glossary })));
    expect(texts(paper, '.mirador-print-glossary dt')).toEqual(['Total', 'Reservas del mes']);
    const untitled = printed(buildPrintHtml(testRequest({ title: 'Seguimiento', columns, glossary: [{ label: 'Nota', text: 'Suma las noches' }, ...glossary] })));
    expect(texts(untitled, '.mirador-print-glossary dt')).toEqual(['Nota', 'Total']);
  });

  it('prints a table wider than a portrait page on landscape pages, and a narrow one on portrait pages', () => {
    const narrow = printed(buildPrintHtml(testRequest({ columns: testRequest().columns.slice(0, 4) })));
    expect(narrow.querySelector('.mirador-print-page')?.classList.contains('mirador-print-landscape')).toBe(false);
    const columns = Array.from({ length: 12 }, (_, c) => column({ field: `f${c}`, header: `Columna ${c + 1}` }));
    const wide = printed(buildPrintHtml(testRequest({ columns, rows: [{ f0: 'Juan Sebastián Pérez Rodríguez' }], totals: false })));
    expect(wide.querySelector('.mirador-print-page')?.classList.contains('mirador-print-landscape')).toBe(true);
    const fewWide = printed(buildPrintHtml(testRequest({ columns: columns.slice(0, 3), rows: [{ f0: 'x'.repeat(200) }], totals: false })));
    expect(fewWide.querySelector('.mirador-print-page')?.classList.contains('mirador-print-landscape')).toBe(false);
  });

  it('prints every one of twenty thousand rows', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ ref: `R-${i}`, total: i }));
    const html = buildPrintHtml(testRequest({ rows }));
    expect(html.match(/<tr>/g)).toHaveLength(20_001);
    expect(html).toContain('<tr><td>R-0</td>');
    expect(html).toContain('<tr><td>R-19999</td>');
  }, 20_000);
});

describe('escapeHtml', () => {
  it('escapes the characters that start markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
