import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { restrictedEmployee } from '../../server/demo/demoAccounts.ts';
import { columnTexts, day, integer, money, newPage, nextAnswer, rowCountText, signIn, signedInSession, waitForRowCount } from './support/browser.ts';

interface Person {
  name: string;
  lastName: string;
}
interface TipPage {
  data: Array<{ employee: Person; amount: number | string }>;
  links: { pagination: { total: number } };
}
interface TipGroup {
  data: Array<{ employee: Person; count: number; amount: number | string }>;
  total: { count: number; amount: number };
}
interface TaskTimes {
  averageMinutesToStart: number | string | null;
  averageMinutesToFinish: number | string | null;
  tasks: number;
}
interface Duration {
  canceled: number;
  total: number;
  data: Array<TaskTimes & { taskOption: { name: string }; employees: Array<TaskTimes & { employee: Person }> }>;
}
interface Review {
  relatedData: string;
  values: Array<{ name: string; value: number }>;
}
interface ReviewPage {
  data: Review[];
  links: { pagination: { total: number } };
}
interface UserTime {
  data: Array<{ user: Person; time: number; hours: number | string }>;
}
interface DayUse {
  data: Array<{ _id: string; count: number; total: number; totalHours: number | string; average: number | string }>;
}

let page: Page;
let browser: Browser;
signedInSession((session) => ({ page, browser } = session));

// The days the screens default to, in UTC as the spec's dates are.
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const now = new Date();
const today = isoDay(now);
const shift = (days: number, from = now) => isoDay(new Date(from.getTime() + days * 86_400_000));
const yesterday = shift(-1);
const monday = shift(-((now.getUTCDay() + 6) % 7));
const sunday = shift(6, new Date(`${monday}T00:00:00Z`));
const monthStart = `${today.slice(0, 8)}01`;
const monthEnd = isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));

const fullName = (p: Person) => `${p.name} ${p.lastName}`;
const twoDecimals = (n: number | string) => Number(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Minutes as the screen shows them: "1 h 05 min". */
const hoursAndMinutes = (value: number | string | null) => {
  if (value === null) return '—';
  const m = Math.round(Math.abs(Number(value)));
  return `${Number(value) < 0 ? '-' : ''}${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
};

const main = () => page.getByRole('main');
const block = (title: string) => main().getByRole('region', { name: title, exact: true });
const mainTable = (scope: Locator) => scope.locator('table.mirador-table').first();
const drawer = () => page.getByRole('dialog', { name: 'Filtros' });

/** The footer cell under a header. */
async function footer(table: Locator, header: string): Promise<string> {
  const headers = (await table.locator('thead tr').first().locator('th').allInnerTexts()).map((h) => h.trim());
  return (await table.locator('tfoot tr').first().locator('td, th').nth(headers.indexOf(header)).innerText()).trim();
}

async function openDrawer() {
  await main().getByRole('button', { name: 'Filtros' }).click();
  await drawer().waitFor();
}

describe('Propinas', () => {
  it('opens on today: tips and per-employee totals as the API answers them', async () => {
    const tipsAnswer = nextAnswer(page, '/api/v1/employee/tip');
    const groupAnswer = nextAnswer(page, '/api/v1/employee/tip/group');
    await page.goto('/employee/tip');
    const [tipsResponse, groupResponse] = await Promise.all([tipsAnswer, groupAnswer]);
    // The employee with the right finds the entry in the sidebar.
    await page.getByRole('navigation').getByRole('link', { name: 'Propinas' }).waitFor();
    const tipsUrl = new URL(tipsResponse.url());
    expect(Object.fromEntries(tipsUrl.searchParams)).toEqual({ dateStart: today, dateEnd: today, page: '1', per_page: '50' });
    expect(Object.fromEntries(new URL(groupResponse.url()).searchParams)).toEqual({ dateStart: today, dateEnd: today });
    const tips = (await tipsResponse.json()) as TipPage;
    const group = (await groupResponse.json()) as TipGroup;
    expect(tips.links.pagination.total).toBeGreaterThan(0);

    const tipsBlock = block('Propinas');
    await waitForRowCount(tipsBlock, tips.links.pagination.total);
    expect(await columnTexts(mainTable(tipsBlock), 'Propina')).toEqual(tips.data.map((t) => money(t.amount)));
    expect(await tipsBlock.getByRole('combobox', { name: 'Filas por página' }).locator('option').allInnerTexts()).toEqual(['50', '100', '200']);

    const totals = mainTable(block('Consolidado por empleado'));
    await expect.poll(() => columnTexts(totals, 'Empleado')).toEqual(group.data.map((g) => fullName(g.employee)));
    expect(await footer(totals, 'Total')).toBe(money(group.total.amount));
    expect(await footer(totals, 'Propinas')).toBe(integer(group.total.count));
    // The consolidated table counts the same tips the list shows.
    expect(group.total.count).toBe(tips.links.pagination.total);
  });

  it('sorts on the server by employee.name and tipAmount, and searches by keyword', async () => {
    const table = mainTable(block('Propinas'));
    const byName = nextAnswer(page, '/api/v1/employee/tip', (url) => url.searchParams.get('sort') === 'employee.name|asc');
    await table.getByRole('columnheader', { name: 'Empleado' }).getByRole('button').click();
    await byName;
    const byTip = nextAnswer(page, '/api/v1/employee/tip', (url) => url.searchParams.get('sort') === 'tipAmount|asc');
    await table.getByRole('columnheader', { name: 'Propina' }).getByRole('button').click();
    const sorted = (await (await byTip).json()) as TipPage;
    await expect.poll(() => columnTexts(table, 'Propina')).toEqual(sorted.data.map((t) => money(t.amount)));

    const word = sorted.data[0]!.employee.name.split(' ')[0]!;
    const searched = nextAnswer(page, '/api/v1/employee/tip', (url) => url.searchParams.get('search') === word);
    await block('Propinas').getByRole('searchbox').fill(word);
    const found = (await (await searched).json()) as TipPage;
    await waitForRowCount(block('Propinas'), found.links.pagination.total);
    expect(new Set(await columnTexts(table, 'Empleado')).size).toBeGreaterThan(0);
  });

  it('an employee without the tips right sees "Acceso no autorizado" in place of the tables and stays signed in', async () => {
    const other = await newPage(browser);
    try {
      await signIn(other.page, restrictedEmployee);
      // The sidebar offers no entry the server would refuse; the POS figures of tips say why they are missing.
      const navigation = other.page.getByRole('navigation');
      await navigation.getByRole('link', { name: 'KPI de tareas' }).waitFor();
      expect(await navigation.getByRole('link', { name: 'Propinas' }).count()).toBe(0);
      await other.page.goto('/gerencia/pos');
      const tipCard = other.page.getByRole('group', { name: 'Propina total' });
      await tipCard.getByText('Sin permiso').waitFor();
      expect(await tipCard.getByText('Sin permiso').getAttribute('title')).toBe('No tiene permiso para ver propinas');
      await other.page.goto('/employee/tip');
      const denied = other.page.getByRole('main').getByRole('alert').filter({ hasText: 'Acceso no autorizado' });
      await expect.poll(() => denied.count()).toBe(2);
      expect(await other.page.getByRole('main').locator('table').count()).toBe(0);
      expect(new URL(other.page.url()).pathname).toBe('/employee/tip');
      expect(await other.page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      // Still signed in: another report opens with its data.
      await other.page.getByRole('link', { name: 'KPI de tareas' }).click();
      await other.page.getByRole('group', { name: 'Tareas canceladas' }).waitFor();
      await rowCountText(other.page.getByRole('main')).waitFor();
      // The browser's own line about the refused (403) call is the only console error.
      expect(other.errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    } finally {
      await other.context.close();
    }
  });
});

describe('KPI de tareas', () => {
  it('opens on the current month: canceled tasks and average times per task, then per employee', async () => {
    const answer = nextAnswer(page, '/api/v1/report/task/duration');
    await page.goto('/employee/tasks');
    const response = await answer;
    expect(Object.fromEntries(new URL(response.url()).searchParams)).toEqual({ dateStart: monthStart, dateEnd: monthEnd });
    const duration = (await response.json()) as Duration;
    expect(duration.data.length).toBeGreaterThan(0);

    await page.getByRole('group', { name: 'Tareas canceladas' }).getByText(integer(duration.canceled), { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Tareas', exact: true }).getByText(integer(duration.total), { exact: true }).waitFor();
    const table = mainTable(main());
    await waitForRowCount(main(), duration.data.length);
    expect(await columnTexts(table, 'Tarea')).toEqual(duration.data.map((t) => t.taskOption.name));
    expect(await columnTexts(table, 'Promedio para iniciar')).toEqual(duration.data.map((t) => hoursAndMinutes(t.averageMinutesToStart)));
    expect(await columnTexts(table, 'Promedio para finalizar')).toEqual(duration.data.map((t) => hoursAndMinutes(t.averageMinutesToFinish)));
    expect(await footer(table, 'Tareas')).toBe(integer(duration.data.reduce((s, t) => s + t.tasks, 0)));

    await table.getByRole('button', { name: 'Ver detalle' }).first().click();
    const nested = table.locator('table.mirador-table-nested');
    const employees = duration.data[0]!.employees;
    await expect.poll(() => nested.locator('tbody tr td:first-child').allInnerTexts()).toEqual(employees.map((e) => fullName(e.employee)));
    expect(await nested.locator('tbody tr td:nth-child(5)').allInnerTexts()).toEqual(employees.map((e) => hoursAndMinutes(e.averageMinutesToStart)));
  });

  it('sends the chosen area', async () => {
    await openDrawer();
    await drawer().getByRole('button', { name: 'Área' }).click();
    // The first area once the list has loaded.
    const option = page.getByRole('listbox').getByRole('option').filter({ hasNotText: 'Buscando…' }).first();
    const name = (await option.innerText()).trim();
    await option.click();
    const answer = nextAnswer(page, '/api/v1/report/task/duration', (url) => url.searchParams.has('area'));
    await drawer().getByRole('button', { name: 'Aplicar' }).click();
    const url = new URL((await answer).url());
    expect(url.searchParams.get('dateStart')).toBe(monthStart);
    await main().getByRole('list', { name: 'Filtros aplicados' }).getByText(name).waitFor();
  });
});

describe('Reseñas', () => {
  const types: Array<[string, string]> = [
    ['Comunidad', 'community'],
    ['Empleados', 'employee'],
    ['Productos', 'product'],
    ['Servicios', 'service'],
    ['Tareas', 'task'],
  ];

  it('each sidebar entry loads its type for the current month; a row expands to its values', async () => {
    await page.goto('/');
    const sidebar = page.getByRole('navigation', { name: 'Navegación principal' });
    for (const [label, type] of types) {
      const answer = nextAnswer(page, `/api/v1/review/paginate/${type}`);
      await sidebar.getByRole('link', { name: label, exact: true }).click();
      const response = await answer;
      expect(new URL(page.url()).pathname).toBe(`/review/${type}`);
      const params = new URL(response.url()).searchParams;
      expect([params.get('dateStart'), params.get('dateEnd'), params.get('per_page')]).toEqual([monthStart, monthEnd, '50']);
      const reviews = (await response.json()) as ReviewPage;
      expect(reviews.links.pagination.total, type).toBeGreaterThan(0);
      await waitForRowCount(main(), reviews.links.pagination.total);
      const table = mainTable(main());
      expect(await columnTexts(table, 'Datos relacionados')).toEqual(reviews.data.map((r) => r.relatedData));

      await table.getByRole('button', { name: 'Ver detalle' }).first().click();
      const values = table.locator('table.mirador-table-nested tbody tr');
      await expect.poll(() => values.allInnerTexts()).toEqual(reviews.data[0]!.values.map((v) => `${v.name}\t${v.value}`));
    }
  });

  it('exports every review of the period through the export call, read back from the file', async () => {
    const shown = nextAnswer(page, '/api/v1/review/paginate/product');
    await page.goto('/review/product');
    const reviews = (await (await shown).json()) as ReviewPage;
    await waitForRowCount(main(), reviews.links.pagination.total);
    const exportAnswer = nextAnswer(page, '/api/v1/review/product');
    const [file] = await Promise.all([page.waitForEvent('download'), main().getByRole('button', { name: 'Excel', exact: true }).click()]);
    const answered = await exportAnswer;
    const sent = new URL(answered.url()).searchParams;
    expect([sent.get('dateStart'), sent.get('dateEnd'), sent.get('page'), sent.get('per_page')]).toEqual([monthStart, monthEnd, '1', '-1']);
    const every = ((await answered.json()) as { data: Review[] }).data;
    expect(every).toHaveLength(reviews.links.pagination.total);
    // The file names the review type and carries every review's scores, a line per criterion.
    expect(file.suggestedFilename()).toBe('Reseñas - Productos.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Datos relacionados', 'Usuario', 'Fecha', 'Criterio', 'Valor']);
    const lines: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) lines.push(`${row.getCell(1).value} | ${row.getCell(4).value ?? ''} | ${row.getCell(5).value ?? ''}`);
    });
    const expected = every.flatMap((review) =>
      review.values.length === 0 ? [`${review.relatedData} |  | `] : review.values.map((v) => `${review.relatedData} | ${v.name} | ${v.value}`),
    );
    expect(lines).toEqual(expected);
  });

  it('refuses a start date after the end date', async () => {
    await openDrawer();
    expect(await drawer().getByRole('combobox', { name: 'Fecha inicial' }).inputValue()).toBe(day(monthStart));
    expect(await drawer().getByRole('combobox', { name: 'Fecha final' }).inputValue()).toBe(day(monthEnd));
    const start = drawer().getByRole('combobox', { name: 'Fecha inicial' });
    // Typed, as a user may; Enter would submit the form.
    await start.fill(day(monthEnd));
    const end = drawer().getByRole('combobox', { name: 'Fecha final' });
    await end.fill(day(monthStart));
    await end.press('Tab');
    let asked = false;
    const listener = (request: { url(): string }) => {
      if (request.url().includes('/api/v1/review/paginate/')) asked = true;
    };
    page.on('request', listener);
    await drawer().getByRole('button', { name: 'Aplicar' }).click();
    await drawer().getByRole('alert').filter({ hasText: 'La fecha inicial no puede ser posterior a la final.' }).waitFor();
    page.off('request', listener);
    expect(asked).toBe(false);
    expect(new URL(page.url()).searchParams.get('dateStart')).toBeNull();
  });
});

describe('Uso de la app', () => {
  it('Usuarios: hours per user of yesterday; Días: the current week in a table and a chart', async () => {
    const usersAnswer = nextAnswer(page, '/api/v1/use/time/resume/fetch');
    const daysAnswer = nextAnswer(page, '/api/v1/use/time/resume/group/fetch');
    await page.goto('/useTime');
    const [usersResponse, daysResponse] = await Promise.all([usersAnswer, daysAnswer]);
    expect(Object.fromEntries(new URL(usersResponse.url()).searchParams)).toEqual({ date: yesterday });
    expect(Object.fromEntries(new URL(daysResponse.url()).searchParams)).toEqual({ dateStart: monday, dateEnd: sunday });
    const users = (await usersResponse.json()) as UserTime;
    const days = (await daysResponse.json()) as DayUse;
    expect(users.data.length).toBeGreaterThan(0);

    await waitForRowCount(main(), users.data.length);
    const table = mainTable(main());
    expect(await columnTexts(table, 'Horas')).toEqual(users.data.map((u) => twoDecimals(u.hours)));
    // The footer sums the seconds and rounds once, as the Días tab's "Horas totales" of that day.
    const usersTotal = users.data.reduce((s, u) => s + u.time, 0);
    const usersFooter = await footer(table, 'Horas');
    expect(usersFooter).toBe(twoDecimals(Math.round(usersTotal / 36) / 100));

    await main().getByRole('tab', { name: 'Días', exact: true }).click();
    // The Días tab's own panel: yesterday may have had 7 users too, and the Usuarios panel's "7 filas" would pass.
    const panel = main().getByRole('tabpanel', { name: 'Días', exact: true });
    await waitForRowCount(panel, 7);
    expect(await columnTexts(mainTable(panel), 'Día')).toEqual(days.data.map((d) => day(d._id)));
    expect(await columnTexts(mainTable(panel), 'Promedio de horas')).toEqual(days.data.map((d) => twoDecimals(d.average)));
    expect(await columnTexts(mainTable(panel), 'Horas totales')).toEqual(days.data.map((d) => twoDecimals(d.totalHours)));
    const yesterdayRow = days.data.find((d) => d._id === yesterday);
    if (yesterdayRow) expect(twoDecimals(yesterdayRow.totalHours)).toBe(usersFooter);
    // The week so far has use (on a Monday that is today alone: yesterday belongs to the week before).
    expect(days.data.filter((d) => d._id <= today).some((d) => d.count > 0)).toBe(true);
    await panel.getByRole('figure', { name: 'Promedio de horas por usuario' }).locator('svg, canvas').first().waitFor();
  });

  it('no day after today can be picked, and a reversed range is swapped on Aplicar', async () => {
    await openDrawer();
    const single = drawer().getByRole('combobox', { name: 'Día (Usuarios)' });
    expect(await single.inputValue()).toBe(day(yesterday));
    // A typed future day stays as typed, refused beside the field, until corrected.
    await single.fill(day(shift(1)));
    await single.press('Tab');
    await drawer().getByRole('group', { name: 'Día (Usuarios)' }).getByText('La fecha no puede ser posterior a hoy.').waitFor();
    expect(await single.inputValue()).toBe(day(shift(1)));
    await single.fill(day(yesterday));

    const from = drawer().getByRole('textbox', { name: 'Periodo (Días) Desde' });
    const to = drawer().getByRole('textbox', { name: 'Periodo (Días) Hasta' });
    const [early, late] = [shift(-9), shift(-3)];
    await from.fill(day(late));
    await to.fill(day(early));
    await to.press('Tab');
    const swapped = nextAnswer(
      page,
      '/api/v1/use/time/resume/group/fetch',
      (url) => url.searchParams.get('dateStart') === early && url.searchParams.get('dateEnd') === late,
    );
    await drawer().getByRole('button', { name: 'Aplicar' }).click();
    await swapped;
    expect(new URL(page.url()).searchParams.get('days')).toBe(`${early}..${late}`);
    expect(new URL(page.url()).searchParams.get('date')).toBe(yesterday);
  });
});
