// @vitest-environment jsdom
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { queryClient } from '../api/queryClient.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { testRequest } from '../../core/export/testRequest.ts';
import { printReport } from './printReport.ts';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

it('prints a document with every row while hiding the screen, then puts the screen back', () => {
  document.title = 'Mirador';
  document.body.innerHTML = '<div id="root"><table><tbody><tr><td>fila en pantalla</td></tr></tbody></table></div>';
  const rows = Array.from({ length: 200 }, (_, i) => ({ ref: `R-${i}`, total: 1 }));
  let during: { rows: number; total: string | null | undefined; printing: boolean; title: string } | undefined;
  vi.spyOn(window, 'print').mockImplementation(() => {
    const printed = document.querySelector('.mirador-print-document')!;
    during = {
      rows: printed.querySelectorAll('tbody tr').length,
      total: printed.querySelector('.mirador-print-total td:nth-child(4)')?.textContent,
      printing: document.body.classList.contains('mirador-printing'),
      title: document.title,
    };
  });

  printReport(testRequest({ rows, title: 'Seguimiento' }));

  expect(window.print).toHaveBeenCalledOnce();
  expect(during).toEqual({ rows: 201, total: '$200.00', printing: true, title: 'Seguimiento' });

  window.dispatchEvent(new Event('afterprint'));
  expect(document.querySelector('.mirador-print-document')).toBeNull();
  expect(document.body.classList.contains('mirador-printing')).toBe(false);
  expect(document.title).toBe('Mirador');
  expect(document.getElementById('root')?.textContent).toBe('fila en pantalla');
}, 20_000);

it('replaces a document left over from a print that never finished', () => {
  vi.spyOn(window, 'print').mockImplementation(() => undefined);
  printReport(testRequest({ title: 'Primero' }));
  printReport(testRequest({ title: 'Segundo' }));
  expect([...document.querySelectorAll('.mirador-print-document h1')].map((h) => h.textContent)).toEqual(['Segundo']);
});

it("states the screen's data time: the oldest answer shown", () => {
  vi.spyOn(window, 'print').mockImplementation(() => undefined);
  const shown = (source: string, updatedAt: number) => {
    const queryKey = queryKeys.report('general-booking', source, []);
    queryClient.setQueryData(queryKey, { data: [] }, { updatedAt });
    return new QueryObserver(queryClient, { queryKey, queryFn: async () => ({ data: [] }), staleTime: Infinity }).subscribe(() => undefined);
  };
  const stop = [shown('bookings', Date.UTC(2026, 10, 22, 14, 1)), shown('totals', Date.UTC(2026, 10, 22, 13, 59, 30))];
  // A request that does not say when its rows were read prints the screen's time.
  printReport({ ...testRequest(), dataAsOf: undefined });
  expect(document.querySelector('.mirador-print-data-as-of')?.textContent).toBe('Datos al 22/11/2026 13:59 UTC');
  for (const unsubscribe of stop) unsubscribe();
  queryClient.clear();
});
