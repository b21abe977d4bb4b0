import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { simpleParser, type ParsedMail } from 'mailparser';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wallClockText } from '../../core/timeZone.ts';
import { demoEmployee } from '../../server/demo/demoAccounts.ts';
import { apiFromPage, baseUrl, bodyRows, columnTexts, launchBrowser, nextAnswer, shownRowCount, signIn, waitForRowCount } from './support/browser.ts';
import { overlaysSettled } from './support/screens.ts';
import { startMirador, type StartedMirador } from './support/startServer.ts';

// Issue 40 §1 end to end: a real SMTP server in this process (smtp-server, of the nodemailer project) receives what
// `npm start` sends (SMTP_URL, SUBSCRIPTION_POLL_SECONDS=1). The employee subscribes from Reservas with a filter, lists
// the subscription, pauses and resumes it, changes it and deletes it; in between, "Enviar ahora" on Mis suscripciones
// sends it and the mail arrives with the Excel of the rows the screen showed, read back with exceljs.

interface Person {
  id: number;
  name: string;
  lastName: string;
}
interface Subscription {
  id: number;
  reportId: string;
  path: string;
  title: string;
  blocks: string[];
  state: { filters: Array<[string, string]>; params: Array<[string, string]> };
  viewId: number | null;
  owner: Person;
  mine: boolean;
  recipients: Person[];
  schedule: { frequency: string; weekdays?: number[]; monthDay?: number; hour: number };
  format: string;
  skipEmpty: boolean;
  paused: boolean;
  nextSendAt: string;
  lastSentAt: string | null;
  lastError: string | null;
}
interface BookingPage {
  data: Array<{ ref: string; total: number | string }>;
  total: number;
}

const mails: ParsedMail[] = [];
let smtp: SMTPServer;
let mirador: StartedMirador | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'mirador-subscriptions-'));
const secret = randomBytes(48).toString('base64url');
let env: { DATA_DIR: string; JWT_SECRET: string } & Record<string, string>;

beforeAll(async () => {
  smtp = new SMTPServer({
    // Plain SMTP on the loopback, as a local relay: no TLS to offer, no password asked.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  env = {
    DATA_DIR: dataDir,
    JWT_SECRET: secret,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SUBSCRIPTION_POLL_SECONDS: '1',
  };
  mirador = await startMirador(env);
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: mirador.baseUrl, viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signIn(page, demoEmployee);
}, 600_000);

afterEach(() => {
  expect(errors.splice(0)).toEqual([]);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await mirador?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

const main = () => page.getByRole('main');
const table = () => main().getByRole('table').first();
const subscriptionsAnswer = (method: string) =>
  page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/v1/subscriptions') && r.request().method() === method);
const mySubscriptions = async () => (await apiFromPage<{ data: Subscription[] }>(page, '/api/v1/subscriptions')).data;
const rowOf = (title: string): Locator => main().getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
/** axe-core on the page as it is, open dialogs included, in light and in dark: no violation of any impact. */
async function expectAccessible(where: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await overlaysSettled(page);
    const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    const found = results.violations.flatMap((v) => v.nodes.map((node) => `${where} (${colorScheme}): ${v.impact} ${v.id} at ${node.target.join(' ')}`));
    expect(found).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
const cellTexts = async (row: Locator) => (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

/** What the screen showed when it was subscribed: every REF and Total of the filtered bookings. */
let shown: { refs: string[]; totals: Map<string, string>; count: number };
let subscription: Subscription;
let employee: { name: string; lastName: string };

describe('E-mail subscriptions', () => {
  it('subscribes from Reservas with a filter: the screen as it is, its period-free filters and page size, the open table', async () => {
    employee = await page.evaluate(() => JSON.parse(localStorage.getItem('employee')!) as { name: string; lastName: string });
    const first = nextAnswer(page, '/api/v1/report/booking');
    await page.goto('/general/booking');
    await first;

    // A filter applied in the drawer, as a person does (Aplicar writes every filter into the address).
    await main().getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('listbox').getByText('Confirmado', { exact: true }).click();
    const filtered = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.getAll('status').join() === 'confirmed');
    await drawer.getByRole('button', { name: 'Aplicar' }).click();
    const answer = (await (await filtered).json()) as BookingPage;
    await waitForRowCount(main(), answer.total);
    expect(answer.total).toBeGreaterThan(0);

    const sized = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('itemsPerPage') === '200');
    await main().getByLabel('Filas por página').selectOption('200');
    await sized;
    await expect.poll(() => bodyRows(table()).count()).toBe(Math.min(answer.total, 200));
    const refs = await columnTexts(table(), 'REF');
    const totals = await columnTexts(table(), 'Total');
    shown = { refs, totals: new Map(refs.map((ref, i) => [ref, totals[i]!])), count: await shownRowCount(main()) };
    expect(shown.count).toBe(answer.total);

    await main().getByRole('button', { name: 'Enviar por correo…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar por correo' });
    await dialog.getByRole('radio', { name: 'Diaria' }).click();
    await dialog.getByLabel('Hora (hora de UTC)').selectOption('07:00');
    const tables = dialog.getByRole('group', { name: 'Tablas' });
    expect(await tables.getByRole('checkbox', { name: 'Reservas' }).isChecked()).toBe(true);
    await expectAccessible('Enviar por correo');
    const created = subscriptionsAnswer('POST');
    await dialog.getByRole('button', { name: 'Suscribirme' }).click();
    const response: Response = await created;
    expect(response.status()).toBe(201);
    subscription = ((await response.json()) as { data: Subscription }).data;
    const sent = response.request().postDataJSON() as Record<string, unknown>;
    expect(sent).toEqual({
      reportId: 'general-booking',
      path: '/general/booking',
      // The filters at their default (no dates, every type) are left out; the status chosen stays, with the page size.
      state: { filters: [['status', 'confirmed']], params: [['t0.size', '200']] },
      viewId: null,
      blocks: ['0'],
      schedule: { frequency: 'daily', hour: 7 },
      format: 'xlsx',
      skipEmpty: false,
    });
    expect(subscription).toMatchObject({ title: 'Reservas', mine: true, paused: false, schedule: { frequency: 'daily', hour: 7 }, lastSentAt: null });
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Suscripción creada').waitFor();
    await page.getByText(`El primer envío será el ${wallClockText(new Date(subscription.nextSendAt), 'UTC')}.`).waitFor();
  });

  it('lists it under Mis suscripciones, pauses and resumes it, and changes its schedule in the same dialog', async () => {
    await page.getByRole('link', { name: 'Mis suscripciones' }).click();
    await page.waitForURL('**/subscriptions');
    const row = rowOf('Reservas');
    await row.waitFor();
    expect(await row.getByRole('link', { name: 'Reservas' }).getAttribute('href')).toBe('/general/booking?status=confirmed&t0.size=200');
    expect((await cellTexts(row)).slice(0, 6)).toEqual([
      'Reservas',
      'Diaria a las 07:00',
      'Excel',
      `${employee.name} ${employee.lastName}`,
      wallClockText(new Date(subscription.nextSendAt), 'UTC'),
      'Ninguno',
    ]);
    await expectAccessible('Mis suscripciones');

    const paused = subscriptionsAnswer('PATCH');
    await row.getByRole('button', { name: 'Pausar Reservas' }).click();
    expect((await paused).status()).toBe(200);
    await row.getByText('Pausada').waitFor();
    expect((await cellTexts(row))[4]).toBe('—');
    expect((await mySubscriptions()).find((s) => s.id === subscription.id)?.paused).toBe(true);
    const resumed = subscriptionsAnswer('PATCH');
    await row.getByRole('button', { name: 'Reanudar Reservas' }).click();
    expect((await resumed).status()).toBe(200);
    await row.getByText('Pausada').waitFor({ state: 'detached' });
    expect((await mySubscriptions()).find((s) => s.id === subscription.id)?.paused).toBe(false);

    await row.getByRole('button', { name: 'Cambiar Reservas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar suscripción: Reservas' });
    await dialog.getByRole('radio', { name: 'Semanal' }).click();
    const days = dialog.getByRole('group', { name: 'Días de la semana' });
    // A day is ticked by its label, as a person does (Blueprint draws its box over the input).
    const tick = async (name: string) => {
      const box = days.getByRole('checkbox', { name });
      const was = await box.isChecked();
      await days.getByText(name, { exact: true }).click();
      expect(await box.isChecked()).toBe(!was);
    };
    // Weekly without a day is refused beside the days, in Spanish.
    for (const name of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo']) {
      if (await days.getByRole('checkbox', { name }).isChecked()) await tick(name);
    }
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await days.getByText('Elija al menos un día de la semana.').waitFor();
    await tick('Lunes');
    await tick('Jueves');
    await dialog.getByLabel('Hora (hora de UTC)').selectOption('08:00');
    const changed = subscriptionsAnswer('PATCH');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    const change = await changed;
    expect(change.status()).toBe(200);
    expect(change.request().postDataJSON()).toEqual({ schedule: { frequency: 'weekly', weekdays: [1, 4], hour: 8 }, format: 'xlsx', skipEmpty: false });
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Cada lunes y jueves a las 08:00').waitFor();
    const now = (await mySubscriptions()).find((s) => s.id === subscription.id)!;
    expect(now.schedule).toEqual({ frequency: 'weekly', weekdays: [1, 4], hour: 8 });
    // Its next send is a Monday or a Thursday at 08:00 UTC, as the list shows it.
    const next = new Date(now.nextSendAt);
    expect([1, 4]).toContain(next.getUTCDay());
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([8, 0]);
    await row.getByText(wallClockText(next, 'UTC')).waitFor();
  });

  it('mails it on "Enviar ahora": subject, body and the Excel attached holding the rows the screen showed', async () => {
    // Mis suscripciones, as the previous step left it: "Enviar ahora" queues it, the poller (every second) sends it.
    expect(mails).toHaveLength(0);
    const before = (await mySubscriptions()).find((s) => s.id === subscription.id)!;
    const queued = subscriptionsAnswer('POST');
    await rowOf('Reservas').getByRole('button', { name: 'Enviar ahora Reservas' }).click();
    expect((await queued).status()).toBe(202);
    await page.getByText('Se enviará en unos segundos').waitFor();

    await expect.poll(() => mails.length, { timeout: 120_000, interval: 500 }).toBeGreaterThan(0);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Mirador: Reservas');
    const to = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : (mail.to?.value ?? []);
    expect(to.map((address) => address.address)).toEqual([demoEmployee.email]);
    expect(mail.text).toContain('darse de baja en «Mis suscripciones»');
    expect(mail.text).toContain('Reservas');
    expect(mail.text).toMatch(/Datos al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC/);
    expect(mail.text).toContain('Confirmado');
    expect(mail.text).toContain('/general/booking?');
    expect(mail.text).toContain('status=confirmed');
    expect(mail.html || '').toContain('Reservas');

    expect(mail.attachments.map((a) => a.filename)).toEqual(['Reservas.xlsx']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(mail.attachments[0]!.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const refColumn = headers.indexOf('REF') + 1;
    const totalColumn = headers.indexOf('Total') + 1;
    expect([refColumn, totalColumn].every((n) => n > 0)).toBe(true);
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1 && row.getCell(1).value !== 'Total') rows.push(row);
    });
    // Every row of the filter, as many as the screen counted; those the screen showed, the same bookings and totals.
    expect(rows).toHaveLength(shown.count);
    const fileRefs = rows.map((row) => String(row.getCell(refColumn).value));
    if (shown.count <= 200) expect([...fileRefs].sort()).toEqual([...shown.refs].sort());
    else expect(fileRefs).toEqual(expect.arrayContaining(shown.refs));
    const money = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(n);
    for (const row of rows) {
      const onScreen = shown.totals.get(String(row.getCell(refColumn).value));
      if (onScreen !== undefined) expect(money(Number(row.getCell(totalColumn).value))).toBe(onScreen);
    }
    const filters: string[] = [];
    workbook.getWorksheet('Filtros')?.eachRow((row) => filters.push((row.values as unknown[]).slice(1).map(String).join(' | ')));
    expect(filters).toContain('Status | Confirmado');
    expect(filters).toContain(`Generado por | ${employee.name} ${employee.lastName}`);

    // Sent once: a second poll round sends nothing more.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(mails).toHaveLength(1);

    await page.goto('/subscriptions');
    const row = rowOf('Reservas');
    await row.waitFor();
    const after = (await mySubscriptions()).find((s) => s.id === subscription.id)!;
    expect(after.lastSentAt).not.toBeNull();
    expect(after.lastError).toBeNull();
    // Sent out of turn: its schedule is where it was.
    expect(after.nextSendAt).toBe(before.nextSendAt);
    expect((await cellTexts(row)).slice(4, 6)).toEqual([wallClockText(new Date(after.nextSendAt), 'UTC'), 'Ninguno']);
  });

  it('deletes it after a confirmation', async () => {
    const row = rowOf('Reservas');
    await row.getByRole('button', { name: 'Eliminar Reservas' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('¿Eliminar la suscripción a «Reservas»? Nadie volverá a recibirla.').waitFor();
    const deleted = subscriptionsAnswer('DELETE');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    expect((await deleted).status()).toBe(204);
    await row.waitFor({ state: 'detached' });
    await main().getByText(/Aún no tiene suscripciones/).waitFor();
    expect(await mySubscriptions()).toEqual([]);
  });

  it('without SMTP, "Enviar por correo…" says sending is not configured, with nothing to submit', async () => {
    // The browser tests' own server has no SMTP_URL.
    const other = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1400, height: 900 } });
    try {
      const plain = await other.newPage();
      const plainErrors: string[] = [];
      plain.on('console', (message) => {
        if (message.type() === 'error') plainErrors.push(message.text());
      });
      await signIn(plain, demoEmployee);
      await plain.goto('/general/booking');
      await plain.getByRole('main').getByRole('button', { name: 'Enviar por correo…' }).click();
      const dialog = plain.getByRole('dialog', { name: 'Enviar por correo' });
      await dialog.getByText('El envío por correo no está configurado en este servidor.').waitFor();
      expect(await dialog.getByRole('button', { name: 'Suscribirme' }).count()).toBe(0);
      expect(await dialog.getByRole('checkbox').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
      await dialog.waitFor({ state: 'detached' });
      expect(plainErrors).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
