import { describe, expect, it } from 'vitest';
import { fixtureModules } from './__fixtures__/menuDefinitions.ts';
import { defineReport } from '../schema/defineReport.ts';
import { menuSections, parseDefinitions, readDefinitions, reportById, reportByRoute, reportRoutes, reports, reportTitle, routeParamsAllowed } from './definitions.ts';

const definitions = parseDefinitions(fixtureModules);

describe('report definitions registry', () => {
  it('loads every definition under reports/ (zero is fine)', () => {
    expect(Array.isArray(reports)).toBe(true);
    for (const report of reports) expect(report.id).toMatch(/^[a-z]/);
  });

  it('parses definitions with zod, filling defaults', () => {
    const booking = reportById('general-booking', definitions)!;
    expect(booking.filters).toEqual([]);
    expect(booking.print).toBe(true);
    expect(booking.sources.bookings?.service).toBe('api');
  });

  it('names the file of an invalid definition', () => {
    expect(() => parseDefinitions({ './broken.ts': { id: 'Broken', route: 'x' } })).toThrow(/broken\.ts/);
  });

  it('refuses two definitions on one route', () => {
    const again = { ...(fixtureModules['./general/leads.ts'] as object), id: 'other-leads' };
    expect(() => parseDefinitions({ ...fixtureModules, './again.ts': again })).toThrow(/route \/general\/leads/);
  });

  it('sets a wrong or duplicate definition apart instead of throwing, the others still loaded', () => {
    const again = { ...(fixtureModules['./general/leads.ts'] as object), id: 'other-leads' };
    const { valid, invalid } = readDefinitions({ ...fixtureModules, './general/zz.ts': again, './broken.ts': { id: 'Broken', route: 'x' } });
    expect(valid).toHaveLength(definitions.length);
    expect(invalid.map((wrong) => [wrong.file, wrong.route])).toEqual([['./broken.ts', undefined], ['./general/zz.ts', undefined]]);
    expect(invalid[1]!.problems).toEqual(["the route /general/leads is also ./general/leads.ts's"]);
  });

  it('skips helper modules without a default export', () => {
    expect(parseDefinitions({ ...fixtureModules, './shared/columns.ts': undefined })).toHaveLength(definitions.length);
  });
});

describe('menuSections', () => {
  it('orders groups as the route map and entries by menu.order', () => {
    const sections = menuSections(definitions);
    expect(sections.map((s) => s.group)).toEqual(['Dashboard', 'General', 'POS', 'Reseñas']);
    expect(sections[1]!.entries.map((e) => e.label)).toEqual(['Leads', 'Reservas']);
    expect(sections[2]!.entries).toEqual([{ key: '/pos/sales', label: 'Ventas', path: '/pos/sales', reportId: 'pos-sales' }]);
  });

  it('gives one entry per route parameter value, labelled by the value', () => {
    const review = menuSections(definitions).find((s) => s.group === 'Reseñas')!;
    expect(review.entries.map((e) => [e.label, e.path])).toEqual([
      ['Comunidad', '/review/community'],
      ['Empleados', '/review/employee'],
      ['Productos', '/review/product'],
      ['Servicios', '/review/service'],
      ['Tareas', '/review/task'],
    ]);
  });

  it('shows an entry that requires a right only to an employee who holds it', () => {
    const tips = defineReport({
      id: 'employee-tip',
      route: '/employee/tip',
      title: 'Propinas',
      menu: { group: 'Empleados', order: 1, requires: 'tips' },
      sources: { tips: { path: '/api/v1/employee/tip' } },
      blocks: [{ kind: 'table', source: 'tips', columns: [{ field: 'amount', header: 'Propina', right: 'tips' }] }],
    });
    const withTips = parseDefinitions({ ...fixtureModules, './employee/tip.ts': tips });
    const paths = (rights?: { tips: boolean }) => menuSections(withTips, rights).flatMap((s) => s.entries.map((e) => e.path));
    expect(paths({ tips: true })).toContain('/employee/tip');
    expect(paths({ tips: false })).not.toContain('/employee/tip');
    expect(paths()).not.toContain('/employee/tip');
    expect(paths({ tips: false })).toContain('/pos/sales');
  });

  it('leaves out definitions without a menu entry', () => {
    const paths = menuSections(definitions).flatMap((s) => s.entries.map((e) => e.path));
    expect(paths).not.toContain('/hidden');
  });
});

describe('route parameters', () => {
  const review = reportById('review', definitions)!;

  it('accepts only the listed values', () => {
    expect(routeParamsAllowed(review, { type: 'product' })).toBe(true);
    expect(routeParamsAllowed(review, { type: 'rooms' })).toBe(false);
  });

  it("adds the value's label to the title", () => {
    expect(reportTitle(review, { type: 'task' })).toBe('Reseñas · Tareas');
    expect(reportTitle(reportById('general-booking', definitions)!)).toBe('Reservas');
  });
});

describe('alsoAt: one definition at several routes', () => {
  const balances = defineReport({
    id: 'general-balance',
    route: '/general/balance',
    title: 'Saldos activos',
    menu: { group: 'General', order: 9 },
    alsoAt: [{ route: '/gerencia/balance', menu: { group: 'Gerencia', order: 2 } }, { route: '/old/balance' }],
    sources: { rows: { path: '/api/v1/report/booking/activeBalances' } },
    blocks: [{ kind: 'table', source: 'rows', columns: [{ field: 'ref', header: 'REF' }] }],
  });
  const withBalances = parseDefinitions({ ...fixtureModules, './general/balance.ts': balances });

  it('defaults to no further route', () => {
    expect(reportById('general-booking', withBalances)!.alsoAt).toBeUndefined();
    expect(reportRoutes(withBalances).filter((r) => r.definition.id === 'general-booking').map((r) => r.path)).toEqual(['/general/booking']);
  });

  it('gives the router one route per place, each rendering the same definition', () => {
    const routes = reportRoutes(withBalances).filter((r) => r.definition.id === 'general-balance');
    expect(routes.map((r) => r.path)).toEqual(['/general/balance', '/gerencia/balance', '/old/balance']);
    expect(new Set(routes.map((r) => r.definition)).size).toBe(1);
    expect(new Set(reportRoutes(withBalances).map((r) => r.key)).size).toBe(reportRoutes(withBalances).length);
    expect(reportByRoute('/gerencia/balance', withBalances)?.id).toBe('general-balance');
  });

  it('puts a sidebar entry under each place that has a menu, and none for one without', () => {
    const entries = menuSections(withBalances).flatMap((s) => s.entries.map((e) => [s.group, e.path, e.label, e.reportId]));
    expect(entries).toContainEqual(['General', '/general/balance', 'Saldos activos', 'general-balance']);
    expect(entries).toContainEqual(['Gerencia', '/gerencia/balance', 'Saldos activos', 'general-balance']);
    expect(entries.map((e) => e[1])).not.toContain('/old/balance');
  });

  it("refuses a further route that is another report's route", () => {
    const clash = { ...balances, alsoAt: [{ route: '/general/leads' }] };
    expect(() => parseDefinitions({ ...fixtureModules, './general/balance.ts': clash })).toThrow(/route \/general\/leads/);
  });
});
