// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../api/config.ts';
import { startFixedServer, type FixedServer } from '../api/testing/fixedServer.ts';
import { testQueryClient } from '../api/testing/testQueryClient.ts';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import ReportPage from '../report/ReportPage.tsx';
import '../../tests/support/componentTeardown.ts';

// The drawing is vega's: the stand-in draws each mark as a button that clicks it, as vega's click event reports it.
vi.mock('./VegaChart.tsx', () => ({
  default: ({ spec, onMarkClick }: { spec: { data: { values: Array<Record<string, unknown>> }; mark: { cursor?: string } }; onMarkClick?: (datum: Record<string, unknown>) => void }) => (
    <ul aria-label="dibujo" data-cursor={spec.mark.cursor ?? ''}>
      {spec.data.values.map((mark) => (
        <li key={String(mark.category)}>
          <button type="button" onClick={() => onMarkClick?.(mark)}>{`marca ${String(mark.category)}`}</button>
        </li>
      ))}
    </ul>
  ),
}));

configure({ asyncUtilTimeout: 10_000 });

const payments = [
  { method: 'cash', name: 'Efectivo', total: 1250.5 },
  { method: 'card', name: 'Tarjeta', total: 3000 },
];
const definition = testDefinition({
  title: 'Pagos',
  sources: { pay: { path: '/api/v1/pay' } },
  filters: [
    { id: 'method', kind: 'select', label: 'Medio', options: [{ value: 'cash', label: 'Efectivo' }, { value: 'card', label: 'Tarjeta' }] },
  ],
  blocks: [
    {
      kind: 'cards', source: 'pay',
      cards: [
        { label: 'Con tarjeta', value: 'length(datum.data)', format: 'integer', animate: false, drill: { filters: { method: 'card' } } },
        { label: 'Sin enlace', value: 'length(datum.data)', format: 'integer', animate: false },
      ],
    },
    {
      kind: 'chart', source: 'pay', chart: 'bar', title: 'Por medio', category: 'name', value: 'total', categoryLabel: 'Medio',
      drill: { set: [{ filter: 'method', field: 'method' }] },
    },
    { kind: 'chart', source: 'pay', chart: 'bar', title: 'Sin drill', category: 'name', value: 'total' },
  ],
});

let server: FixedServer;
beforeAll(async () => {
  server = await startFixedServer(() => ({ status: 200, body: { data: payments } }));
});
afterAll(() => server.close());
beforeEach(() => setConfig({ apiBaseUrl: server.url }));

function renderPage() {
  const router = createMemoryRouter([{ path: '/test', element: <ReportPage definition={definition} /> }], { initialEntries: ['/test'] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

const chips = () => within(screen.getByRole('list', { name: 'Filtros aplicados' })).getAllByRole('listitem').map((li) => li.textContent);

describe('drill-down', () => {
  it('a click on a mark sets its filter in the address, shown as a chip; back returns', async () => {
    const { user, router } = renderPage();
    const figure = await screen.findByRole('figure', { name: 'Por medio' });
    expect((await within(figure).findByRole('list', { name: 'dibujo' })).dataset.cursor).toBe('pointer');
    expect((await within(screen.getByRole('figure', { name: 'Sin drill' })).findByRole('list', { name: 'dibujo' })).dataset.cursor).toBe('');
    await user.click(within(figure).getByRole('button', { name: 'marca Tarjeta' }));
    expect(router.state.location.search).toBe('?method=card');
    expect(chips()).toEqual(['Medio: Tarjeta']);
    await router.navigate(-1);
    expect(router.state.location.search).toBe('');
  });

  it('a row of "Ver datos" opens the same by keyboard', async () => {
    const { user, router } = renderPage();
    const figure = await screen.findByRole('figure', { name: 'Por medio' });
    await user.click(await within(figure).findByRole('button', { name: 'Ver datos' }));
    const row = within(within(figure).getByRole('table')).getByRole('row', { name: /Efectivo/ });
    row.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?method=cash');
    expect(chips()).toEqual(['Medio: Efectivo']);
  });

  it('a card with a drill is a focusable link opened by Enter; one without is not', async () => {
    const { user, router } = renderPage();
    const card = screen.getByRole('group', { name: 'Con tarjeta' });
    const link = await within(card).findByRole('link', { name: 'Con tarjeta: 2. Ver las filas' });
    expect(link.getAttribute('href')).toBe('/test?method=card');
    expect(within(screen.getByRole('group', { name: 'Sin enlace' })).queryByRole('link')).toBeNull();
    link.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?method=card');
    expect(chips()).toEqual(['Medio: Tarjeta']);
  });

  it('a click anywhere on a card with a drill opens it', async () => {
    const { user, router } = renderPage();
    const card = screen.getByRole('group', { name: 'Con tarjeta' });
    await within(card).findByRole('link');
    await user.click(within(card).getByText('Con tarjeta'));
    expect(router.state.location.search).toBe('?method=card');
  });
});
