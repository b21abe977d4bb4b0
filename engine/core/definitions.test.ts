import { describe, expect, it } from 'vitest';
import { fixtureModules } from './__fixtures__/menuDefinitions.ts';
import { menuSections, parseDefinitions, reportById, reports, reportTitle, routeParamsAllowed } from './definitions.ts';

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

  it('skips helper modules without a default export', () => {
    expect(parseDefinitions({ ...fixtureModules, './shared/columns.ts': undefined })).toHaveLength(definitions.length);
  });
});

describe('menuSections', () => {
  it('orders groups as the route map and entries by menu.order', () => {
    const sections = menuSections(definitions);
    expect(sections.map((s) => s.group)).toEqual(['Dashboard', 'General', 'POS', 'Review']);
    expect(sections[1]!.entries.map((e) => e.label)).toEqual(['Leads', 'Reservas']);
    expect(sections[2]!.entries).toEqual([{ key: '/pos/sales', label: 'Ventas', path: '/pos/sales', reportId: 'pos-sales' }]);
  });

  it('gives one entry per route parameter value, labelled by the value', () => {
    const review = menuSections(definitions).find((s) => s.group === 'Review')!;
    expect(review.entries.map((e) => [e.label, e.path])).toEqual([
      ['Comunidad', '/review/community'],
      ['Empleados', '/review/employee'],
      ['Productos', '/review/product'],
      ['Servicios', '/review/service'],
      ['Tareas', '/review/task'],
    ]);
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
