// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../api/config.ts';
import { startFixedServer, type FixedServer } from '../api/testing/fixedServer.ts';
import { testQueryClient } from '../api/testing/testQueryClient.ts';
import { formatValue } from '../../core/format.ts';
import { exportTable } from '../export/exportTable.ts';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import ReportPage from '../report/ReportPage.tsx';
import '../../tests/support/componentTeardown.ts';

// The drawing itself is vega's: the stand-in lists the rows the chart was given to draw.
vi.mock('./VegaChart.tsx', () => ({
  default: ({ spec }: { spec: { data: { values: Array<{ category: string; label: string }> } } }) => (
    <ul aria-label="dibujo">
      {spec.data.values.map((mark) => (
        <li key={mark.category}>{`${mark.category}=${mark.label}`}</li>
      ))}
    </ul>
  ),
}));
vi.mock('../export/exportTable.ts', () => ({ exportTable: vi.fn(async () => undefined) }));

configure({ asyncUtilTimeout: 10_000 });

const payments = [
  { method: 'Efectivo', total: 1250.5 },
  { method: 'Tarjeta', total: 3000 },
  { method: 'Transferencia', total: 749.5 },
];
const definition = testDefinition({
  title: 'Ventas POS',
  sources: { pay: { path: '/api/v1/pay' } },
  blocks: [
    { kind: 'chart', source: 'pay', chart: 'doughnut', title: 'Medios de pago', category: 'method', value: 'total', categoryLabel: 'Medio', format: 'money', help: 'Participación = total del medio / Σ totales × 100' },
    { kind: 'chart', source: 'pay', chart: 'bar', title: 'Sin tabla', category: 'method', value: 'total', dataTable: false },
  ],
});

let server: FixedServer;
beforeAll(async () => {
  server = await startFixedServer(() => ({ status: 200, body: { data: payments } }));
});
afterAll(() => server.close());
beforeEach(() => {
  setConfig({ apiBaseUrl: server.url });
  vi.mocked(exportTable).mockClear();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/test', element: <ReportPage definition={definition} /> }], { initialEntries: ['/test'] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('a chart block', () => {
  it('describes the drawing to screen readers by its title and largest values', async () => {
    renderPage();
    const picture = await screen.findByRole('img', { name: 'Medios de pago' });
    const description = document.getElementById(picture.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toBe('Gráfico Medios de pago. Valores mayores: Tarjeta: $3,000.00, Efectivo: $1,250.50, Transferencia: $749.50.');
    expect(within(screen.getByRole('heading', { name: /Medios de pago/ })).getByRole('button', { name: 'Fórmula de Medios de pago: Participación = total del medio / Σ totales × 100' })).toBeTruthy();
  });

  it('shows, on "Ver datos", the rows the chart draws with their share, exports them, and hides them again', async () => {
    const user = renderPage();
    const figure = await screen.findByRole('figure', { name: 'Medios de pago' });
    const drawn = within(await within(figure).findByRole('list', { name: 'dibujo' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(within(figure).queryByRole('table')).toBeNull();

    const toggle = within(figure).getByRole('button', { name: 'Ver datos' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(within(figure).getByRole('region', { name: 'Datos de Medios de pago' })).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Medio', 'Valor', '% del total']);
    const total = payments.reduce((sum, p) => sum + p.total, 0);
    const [, ...body] = within(table).getAllByRole('row');
    const rows = body.slice(0, payments.length).map(cellTexts);
    expect(rows).toEqual(payments.map((p) => [p.method, formatValue('money', p.total), `${((p.total / total) * 100).toFixed(2)}%`]));
    expect(rows.map(([category, value]) => `${category}=${value}`)).toEqual(drawn);

    await user.click(within(figure).getByRole('button', { name: 'Excel' }));
    const request = vi.mocked(exportTable).mock.lastCall![0];
    expect(request.fileName).toBe('Medios de pago');
    expect(request.columns.map((column) => column.header)).toEqual(['Medio', 'Valor', '% del total']);
    expect(request.rows).toEqual(payments.map((p) => ({ category: p.method, value: p.total, share: (p.total / total) * 100 })));

    await user.click(screen.getByRole('button', { name: 'Ocultar datos' }));
    expect(within(figure).queryByRole('table')).toBeNull();
  });

  it('puts the data of a closed chart on paper only while the page prints', async () => {
    renderPage();
    const figure = await screen.findByRole('figure', { name: 'Medios de pago' });
    await within(figure).findByRole('img', { name: 'Medios de pago' });
    expect(within(figure).queryByRole('region', { name: 'Datos de Medios de pago' })).toBeNull();
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    const rows = within(within(figure).getByRole('region', { name: 'Datos de Medios de pago' })).getAllByRole('row');
    expect(rows.length).toBeGreaterThan(payments.length);
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(within(figure).queryByRole('region', { name: 'Datos de Medios de pago' })).toBeNull();
  });

  it('has no data table when its definition turns it off', async () => {
    renderPage();
    const figure = await screen.findByRole('figure', { name: 'Sin tabla' });
    await within(figure).findByRole('img', { name: 'Sin tabla' });
    expect(within(figure).queryByRole('button', { name: 'Ver datos' })).toBeNull();
  });
});
