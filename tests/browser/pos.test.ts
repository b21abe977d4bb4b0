import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFromPage, columnTexts, integer, money, nextAnswer, signedInSession, waitForRowCount } from './support/browser.ts';
import { currentMonth, decimal, downloadExcel, expectCard, expectCharts, openScreen, period, previousMonth, today } from './support/pos.ts';

let page: Page;
/** Today's closed orders, with their lines, as the API lists them. */
let orders: Array<{ invoice: string; total: number; items: unknown[] }>;
signedInSession((session) => ({ page } = session));
beforeAll(async () => {
  const body = await apiFromPage<{ data: typeof orders }>(page, `/api/v1/report/closed-order-with-items?initDate=${today}&endDate=${today}&per_page=-1`);
  orders = body.data;
});

const table = () => page.getByRole('main').getByRole('table');
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const todayOnly = { from: today, to: today };
const ddmmyyyy = (day: string) => day.split('-').reverse().join('/');

describe('Ventas POS general', () => {
  it('shows today\'s closed orders and the app/desktop split the API answered', async () => {
    const answers = await openScreen(page, '/pos/sales', ['/api/v1/report/sales-general', '/api/v1/report/closed-order']);
    const split = answers['/api/v1/report/sales-general']!;
    const list = answers['/api/v1/report/closed-order']!;
    expect(period(split.query)).toEqual(todayOnly);
    expect(period(list.query)).toEqual(todayOnly);
    expect([list.query.get('per_page'), list.query.get('sort')]).toEqual(['50', 'createdAt|desc']);
    const s = split.body.data;
    expect(orders.length).toBeGreaterThan(0);
    expect(s.countApp + s.countDesktop).toBe(list.body.links.pagination.total);
    expect(s.acumApp + s.acumDesktop).toBeCloseTo(sum(orders.map((o) => o.total)), 2);
    for (const [label, text] of [
      ['Ventas app móvil', money(s.acumApp)],
      ['Ventas escritorio', money(s.acumDesktop)],
      ['Total cobrado', money(s.acumApp + s.acumDesktop)],
      ['Órdenes', integer(s.countApp + s.countDesktop)],
    ]) await expectCard(page, label!, text!);
    await expectCharts(page, 2);
    await waitForRowCount(page, orders.length);
    expect(await columnTexts(table(), 'Factura')).toEqual(list.body.data.map((o: { invoice: string }) => o.invoice));

    // Display columns sort by the server's fields.
    for (const [header, field] of [['Empleado', 'employee.name'], ['Propina', 'tipAmount'], ['Total', 'total']] as const) {
      const sorted = nextAnswer(page, '/api/v1/report/closed-order', (url) => url.searchParams.get('sort') === `${field}|asc`);
      // A header with a formula also holds its info button: the sort button is the one named as the column.
      await table().getByRole('columnheader', { name: new RegExp(`^${header}`) }).getByRole('button', { name: header, exact: true }).click();
      const body = (await (await sorted).json()) as { data: Array<{ invoice: string }> };
      await expect.poll(() => columnTexts(table(), 'Factura')).toEqual(body.data.map((o) => o.invoice));
    }
  });

  it('asks whether to include the items, and exports the orders with their lines on Sí and alone on No', async () => {
    await openScreen(page, '/pos/sales', ['/api/v1/report/closed-order']);
    await waitForRowCount(page, orders.length);
    const withLines = await downloadExcel(page, 'Sí');
    expect(withLines.headers.slice(-6)).toEqual(['Ítem', 'Cantidad', 'Precio unitario', 'Impuesto ítem', 'Descuento ítem', 'Cortesía']);
    expect(withLines.rows).toHaveLength(sum(orders.map((o) => Math.max(o.items.length, 1))));
    expect(withLines.rows.length).toBeGreaterThan(orders.length);
    const alone = await downloadExcel(page, 'No');
    expect(alone.headers).not.toContain('Ítem');
    expect(alone.headers.at(-1)).toBe('Total');
    expect(alone.rows.map((row) => row[0]).sort()).toEqual(orders.map((o) => o.invoice).sort());
    expect(new Set(withLines.rows.map((row) => row[0]))).toEqual(new Set(orders.map((o) => o.invoice)));
  });
});

describe('Ventas agrupadas, Detalle de ventas, Pagos POS', () => {
  it('sums today\'s closed orders per client', async () => {
    const { '/api/v1/report/group-order': groups } = await openScreen(page, '/pos/sales-group', ['/api/v1/report/group-order']);
    expect(period(groups!.query)).toEqual(todayOnly);
    expect([groups!.query.get('per_page'), groups!.query.get('sort')]).toEqual(['50', 'total|desc']);
    const rows = groups!.body.data as Array<{ count: number; totalAcum: number }>;
    expect(sum(rows.map((r) => r.count))).toBe(orders.length);
    expect(sum(rows.map((r) => r.totalAcum))).toBeCloseTo(sum(orders.map((o) => o.total)), 2);
    await waitForRowCount(page, groups!.body.links.pagination.total);
    expect(await columnTexts(table(), 'Total')).toEqual(rows.map((r) => money(r.totalAcum)));
  });

  it('lists today\'s order lines of every status, then only those of closed orders with their close time', async () => {
    const { '/api/v1/report/detail-sale': lines } = await openScreen(page, '/pos/details', ['/api/v1/report/detail-sale']);
    expect(period(lines!.query)).toEqual(todayOnly);
    expect(lines!.query.getAll('status')).toEqual([]);
    await waitForRowCount(page, lines!.body.links.pagination.total);
    expect(new Set(await columnTexts(table(), 'Estado')).size).toBeGreaterThan(1);

    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('textbox', { name: 'Estado de la orden' }).click();
    await page.getByRole('option', { name: 'Cerrada', exact: true }).click();
    const closed = nextAnswer(page, '/api/v1/report/detail-sale', (url) => url.searchParams.getAll('status').join() === 'closed');
    await drawer.getByRole('button', { name: 'Aplicar' }).click();
    const body = (await (await closed).json()) as { data: Array<{ order: { closedAt: string } }>; links: { pagination: { total: number } } };
    expect(body.links.pagination.total).toBe(sum(orders.map((o) => o.items.length)));
    await waitForRowCount(page, body.links.pagination.total);
    expect(new Set(await columnTexts(table(), 'Estado'))).toEqual(new Set(['Cerrada']));
    const closeTimes = body.data.map((r) => `${r.order.closedAt.slice(8, 10)}/${r.order.closedAt.slice(5, 7)}/${r.order.closedAt.slice(0, 4)} ${r.order.closedAt.slice(11, 16)}`);
    expect(await columnTexts(table(), 'Cerrada')).toEqual(closeTimes);
  });

  it('sums today\'s closed orders per payment method', async () => {
    const { '/api/v1/report/payment': pay } = await openScreen(page, '/pos/payment', ['/api/v1/report/payment']);
    expect(period(pay!.query)).toEqual(todayOnly);
    const methods = pay!.body.data as Array<{ total: number; count: number }>;
    expect(pay!.body.total).toBeCloseTo(sum(orders.map((o) => o.total)), 2);
    expect(sum(methods.map((m) => m.count))).toBe(orders.length);
    await expectCard(page, 'Total cobrado', money(pay!.body.total));
    await expectCharts(page, 2);
    await waitForRowCount(page, methods.length);
  });
});

describe('Popularidad, Cortesías, Ventas por app, KPI POS', () => {
  it('lists today\'s products sold and given away', async () => {
    for (const [route, path] of [['/pos/popularity', '/api/v1/report/popularity'], ['/pos/gift', '/api/v1/report/gift']] as const) {
      const { [path]: products } = await openScreen(page, route, [path]);
      expect(period(products!.query), route).toEqual(todayOnly);
      expect(products!.body.links.pagination.total, route).toBeGreaterThan(0);
      await waitForRowCount(page, products!.body.links.pagination.total);
      expect(await columnTexts(table(), 'Cantidad')).toEqual(products!.body.data.map((p: { totalQty: number }) => integer(p.totalQty)));
      await expectCharts(page, 1);
    }
  });

  it('draws today\'s orders per hour, 00 to 23, as client-app and desktop lines', async () => {
    const { '/api/v1/report/sales-app': hours } = await openScreen(page, '/app/sale', ['/api/v1/report/sales-app']);
    expect(period(hours!.query)).toEqual(todayOnly);
    const rows = hours!.body.data as Array<{ label: string; count: number; countApp: number; countDesktop: number }>;
    expect(rows.map((r) => r.label)).toEqual(Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`));
    for (const r of rows) expect(r.countApp + r.countDesktop).toBe(r.count);
    expect(sum(rows.map((r) => r.count))).toBe(orders.length);
    await expectCharts(page, 1);
    // Two lines: one path per series.
    await expect.poll(() => page.locator('figure.report-chart svg.marks path[aria-roledescription="line mark"]').count()).toBe(2);
    await waitForRowCount(page, 24);
    expect(await columnTexts(table(), 'App de clientes')).toEqual(rows.map((r) => integer(r.countApp)));
    expect(await columnTexts(table(), 'Escritorio')).toEqual(rows.map((r) => integer(r.countDesktop)));
  });

  it('shows the four average times, the four ranges and each order\'s times', async () => {
    const { '/api/v1/report/status-time': times } = await openScreen(page, '/pos/status', ['/api/v1/report/status-time']);
    expect(period(times!.query)).toEqual(todayOnly);
    const { average, ranges, data } = times!.body as {
      average: Record<string, number>; ranges: Record<string, number>; data: Array<{ invoice: string; time4: number | null }>;
    };
    expect(data.map((r) => r.invoice).sort()).toEqual(orders.map((o) => o.invoice).sort());
    expect(sum(Object.values(ranges))).toBe(data.filter((r) => r.time4 !== null).length);
    for (const [k, label] of ['Abierta → En proceso', 'En proceso → Entregado', 'Entregado → Cerrada', 'Abierta → Cerrada'].entries()) {
      await expectCard(page, `${label} (min)`, decimal(average[`time${k + 1}`]!));
    }
    await expectCharts(page, 1);
    await waitForRowCount(page, data.length);
  });
});

describe('Ventas POS (gerencia)', () => {
  it('asks for the current month and shows the cards, charts and client totals the API answered', async () => {
    const paths = ['pos-general', 'pay-general', 'day-moment', 'client-internal-external', 'room-service', 'group-order'].map((p) => `/api/v1/report/${p}`);
    const answers = await openScreen(page, '/gerencia/pos', paths);
    for (const path of paths) expect(period(answers[path]!.query), path).toEqual(currentMonth);

    const g = answers['/api/v1/report/pos-general']!.body.data;
    expect(g.countOrders).toBeGreaterThan(0);
    // The glossary's formulas hold between the figures the screen shows.
    expect(g.totalSales).toBeCloseTo(g.acumApp + g.acumDesktop + g.acumDiscount, 2);
    expect(g.realIncome).toBeCloseTo(g.totalSales - g.acumDiscount - g.acumTip - g.taxAcum, 2);
    expect(g.averagePerOrder).toBeCloseTo(g.totalSales / g.countOrders, 2);
    const cards: Array<[string, string]> = [
      ['Órdenes', integer(g.countOrders)],
      ['Promedio por orden', money(g.averagePerOrder)],
      ['Ventas totales', money(g.totalSales)],
      ['Ingreso real', money(g.realIncome)],
      ['Impuestos', money(g.taxAcum)],
      ['Propina total', money(g.acumTip)],
      ['Descuento total', money(g.acumDiscount)],
    ];
    for (const [label, text] of cards) await expectCard(page, label, text);
    await expectCharts(page, 7);

    const groups = answers['/api/v1/report/group-order']!;
    expect(groups.query.get('per_page')).toBe('10');
    expect(groups.query.get('sort')).toBe('total|desc');
    await waitForRowCount(page, groups.body.links.pagination.total);
    expect(await columnTexts(table(), 'Total')).toEqual(groups.body.data.map((r: { totalAcum: number }) => money(r.totalAcum)));

    const byClient = nextAnswer(page, '/api/v1/report/group-order', (url) => url.searchParams.get('sort') === 'client|asc');
    await table().getByRole('columnheader', { name: 'Cliente' }).getByRole('button').click();
    const sorted = (await (await byClient).json()) as { data: Array<{ totalAcum: number }> };
    await expect.poll(() => columnTexts(table(), 'Total')).toEqual(sorted.data.map((r) => money(r.totalAcum)));
  });

  it('shows the rows behind the payment-method doughnut, each with its share, under "Ver datos"', async () => {
    const answers = await openScreen(page, '/gerencia/pos', ['/api/v1/report/pay-general']);
    const methods = answers['/api/v1/report/pay-general']!.body.data.accumulateByPay as Array<{ name: string; total: number }>;
    expect(methods.length).toBeGreaterThan(1);
    const figure = page.getByRole('figure', { name: 'Métodos de pago' });
    // Clicked once the doughnut is drawn, as a user would: drawing it moves the button down.
    await figure.locator('svg.marks').waitFor();
    await figure.getByRole('button', { name: 'Ver datos' }).click();
    await expect.poll(() => figure.getByRole('button', { name: 'Ocultar datos' }).getAttribute('aria-expanded')).toBe('true');
    const shown = figure.getByRole('region', { name: 'Datos de Métodos de pago' }).getByRole('table');
    const all = methods.reduce((sum, m) => sum + m.total, 0);
    const expected = methods.map((m) => [m.name, money(m.total), `${((m.total / all) * 100).toFixed(2)}%`]);
    await expect
      .poll(async () => (await shown.locator('tbody tr').all()).slice(0, methods.length).length)
      .toBe(methods.length);
    const rows = await shown.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())));
    expect(rows.slice(0, methods.length)).toEqual(expected);
  });
});

describe('Inventario / margen bruto', () => {
  it('asks for the previous month and shows totals whose CMV % is cost / real income', async () => {
    const answers = await openScreen(page, '/gerencia/performance', ['/api/v1/report/detail-products', '/api/v1/report/sold-products']);
    const products = answers['/api/v1/report/detail-products']!;
    expect(period(products.query)).toEqual(previousMonth);
    expect(period(answers['/api/v1/report/sold-products']!.query)).toEqual(previousMonth);
    expect(products.query.get('per_page')).toBe('10');
    const b = products.body;
    expect(b.links.pagination.total).toBeGreaterThan(10);
    expect(b.cmvPerc).toBeCloseTo((b.totalCost / b.totalPrice) * 100, 2);
    expect(b.totalMargin).toBeCloseTo(b.totalPrice - b.totalCost, 2);
    // The same period's real income on the management screen is this report's income.
    const general = await apiFromPage<{ data: { realIncome: number } }>(
      page, `/api/v1/report/pos-general?initDate=${previousMonth.from}&endDate=${previousMonth.to}`,
    );
    expect(b.totalPrice).toBeCloseTo(general.data.realIncome, 2);
    const cards: Array<[string, string]> = [
      ['Cantidad de ítems', integer(b.totalQty)],
      ['Ingresos', money(b.totalPrice)],
      ['Impuestos', money(b.totalTax)],
      ['Descuento', money(b.totalDiscount)],
      ['CMV %', `${Number(b.cmvPerc).toFixed(2)}%`],
      ['Margen bruto', money(b.totalMargin)],
    ];
    for (const [label, text] of cards) await expectCard(page, label, text);
    await expectCharts(page, 3);
    await waitForRowCount(page, b.links.pagination.total);

    const file = await downloadExcel(page);
    expect(file.headers).toEqual(['Producto', 'Negocio', 'Cantidad', 'Precio', 'Costo unitario', 'Costo (CMV)', 'Ingreso real', 'Margen bruto']);
    expect(file.rows).toHaveLength(b.links.pagination.total);
  });

  it('refuses a range in the current month with "Debe seleccionar un rango de fecha válido" and sends nothing', async () => {
    await openScreen(page, '/gerencia/performance', ['/api/v1/report/detail-products']);
    const sent: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v1/report/')) sent.push(url);
    });
    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('textbox', { name: 'Fecha Desde' }).fill(ddmmyyyy(currentMonth.from));
    await drawer.getByRole('textbox', { name: 'Fecha Hasta' }).fill(ddmmyyyy(today));
    await drawer.getByRole('button', { name: 'Aplicar' }).click();
    const alert = drawer.getByRole('alert');
    await alert.getByText('Debe seleccionar un rango de fecha válido').waitFor();
    await alert.getByText('Error', { exact: true }).waitFor();

    // A valid range then goes out; requests leave in order, so the refused one would have come first.
    const before = previousMonth.from.slice(0, 8) + '10';
    const applied = nextAnswer(page, '/api/v1/report/detail-products', (url) => url.searchParams.get('initDate') === previousMonth.from);
    await drawer.getByRole('textbox', { name: 'Fecha Desde' }).fill(ddmmyyyy(previousMonth.from));
    await drawer.getByRole('textbox', { name: 'Fecha Hasta' }).fill(ddmmyyyy(before));
    await drawer.getByRole('button', { name: 'Aplicar' }).click();
    await applied;
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((url) => (url.searchParams.get('endDate') ?? '') >= currentMonth.from)).toEqual([]);
    expect(new URL(page.url()).searchParams.get('period')).toBe(`${previousMonth.from}..${before}`);
  });
});
