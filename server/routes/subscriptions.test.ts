import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readWorkbook, sheetFacts } from '../../core/export/sheetFacts.ts';
import { subscriptionAnswer, subscriptionRecipientsAnswer, subscriptionsAnswer } from '../../schema/contract/otherAnswers.ts';
import { webConfigAnswer } from '../../schema/contract/otherAnswers.ts';
import { startTestServer, testNow, testToday, type TestServer } from '../../tests/support/testServer.ts';
import { demoEmployee, restrictedEmployee } from '../demo/demoAccounts.ts';
import { exportBodySchema } from '../export/exportBody.ts';
import { planExport } from '../export/exportPlan.ts';
import { serverReports } from '../export/reportDefinitions.ts';
import { startTestSmtp, subscriptionsTurn, type TestSmtp } from '../mail/testSmtp.ts';

// Subscriptions end to end on the `small` data: the routes, then the mails a real SMTP server in this process receives.

const from = new Date(testNow.getTime() - 60 * 86_400_000).toISOString().slice(0, 10);
const period = `${from}..${testToday}`;
const salesState = { filters: [['period', period]], params: [] };
const publicUrl = 'https://mirador.example.com';

let smtp: TestSmtp;
let server: TestServer;
let demoId: number;
let restrictedId: number;

const json = (method: string, url: string, body?: unknown, token: string | null = server.token) =>
  server.request({
    method: method as 'POST',
    url,
    headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const salesBody = (extra: Record<string, unknown> = {}) => ({
  reportId: 'pos-sales',
  path: '/pos/sales',
  blocks: ['3'],
  state: salesState,
  schedule: { frequency: 'daily', hour: 7 },
  format: 'xlsx',
  skipEmpty: false,
  ...extra,
});

async function create(body: Record<string, unknown>, token = server.token): Promise<number> {
  const answer = await json('POST', '/api/v1/subscriptions', body, token);
  expect(answer.statusCode, answer.body).toBe(201);
  return subscriptionAnswer.parse(answer.json()).data.id;
}

/** Due a little while ago (a new instant each time: one job per subscription and instant): the next round sends it. */
let dueCount = 0;
const makeDue = (id: number) =>
  server.db.query("UPDATE subscriptions SET next_send_at = $2::timestamptz - $3 * interval '1 second' WHERE id = $1", [id, testNow.toISOString(), 60 + dueCount++]);

async function listed(id: number, token = server.token) {
  const answer = await json('GET', '/api/v1/subscriptions', undefined, token);
  expect(answer.statusCode).toBe(200);
  return subscriptionsAnswer.parse(answer.json()).data.find((s) => s.id === id);
}

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((a) => a?.value.map((v) => v.address) ?? []);

async function emailOf(id: number) {
  const [row] = await server.db.query<{ email: string }>('SELECT email FROM employees WHERE id = $1', [id]);
  return row!.email;
}

let releaseTurn: () => Promise<void>;

beforeAll(async () => {
  releaseTurn = await subscriptionsTurn();
  smtp = await startTestSmtp();
  server = await startTestServer({ sessionCacheSeconds: 0, mail: { smtpUrl: smtp.url, publicUrl, pollSeconds: 3600, retryMs: 0 } });
  const ids = await server.db.query<{ id: number; email: string }>('SELECT id, email FROM employees WHERE active ORDER BY id');
  demoId = ids.find((e) => e.email === demoEmployee.email)!.id;
  restrictedId = ids.find((e) => e.email === restrictedEmployee.email)!.id;
});
afterAll(async () => {
  await server.close();
  await smtp.close();
  await releaseTurn();
});
beforeEach(async () => {
  // Each test sends only its own: the others' are paused.
  await server.db.query('UPDATE subscriptions SET paused = true');
  smtp.received.length = 0;
  smtp.refuse = undefined;
});

describe('subscriptions routes', () => {
  it('says in /config.json that sending is configured', async () => {
    const config = webConfigAnswer.parse((await server.get('/config.json', null)).json());
    expect(config.mail).toBe(true);
  });

  it('lists the active employees one may name', async () => {
    const answer = await json('GET', '/api/v1/subscriptions/recipients');
    const data = subscriptionRecipientsAnswer.parse(answer.json()).data;
    const [{ n }] = (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM employees WHERE active')) as [{ n: number }];
    expect(data).toHaveLength(n);
    expect(data.map((e) => e.id)).toContain(restrictedId);
  });

  it('creates one for the creator, answering it in the contract shape with its next send at the hour of the operator zone', async () => {
    const id = await create(salesBody({ schedule: { frequency: 'weekly', weekdays: [5, 1], hour: 7 } }));
    const mine = await listed(id);
    expect(mine).toMatchObject({
      reportId: 'pos-sales',
      path: '/pos/sales',
      title: 'Ventas POS general',
      blocks: ['3'],
      state: salesState,
      viewId: null,
      mine: true,
      recipients: [],
      schedule: { frequency: 'weekly', weekdays: [1, 5], hour: 7 },
      format: 'xlsx',
      skipEmpty: false,
      paused: false,
      lastSentAt: null,
      lastError: null,
      owner: { id: demoId },
    });
    // 2026-03-16 (testToday) is a Monday, 15:00 UTC: past 07:00, so Friday 20th at 07:00 UTC (the test server's zone).
    expect(mine!.nextSendAt).toBe('2026-03-20T07:00:00.000Z');
  });

  it.each([
    ['an unknown report', { reportId: 'no-such-report' }],
    ['a path that is not the report\'s screen', { path: '/pos/other' }],
    ['a block that is not a table', { blocks: ['0'] }],
    ['no block', { blocks: [] }],
    ['a weekly schedule without days', { schedule: { frequency: 'weekly', hour: 7 } }],
    ['a monthly schedule without its day', { schedule: { frequency: 'monthly', hour: 7 } }],
    ['an hour past 23', { schedule: { frequency: 'daily', hour: 24 } }],
    ['day 32', { schedule: { frequency: 'monthly', monthDay: 32, hour: 7 } }],
    ['another format', { format: 'pdf' }],
    ['an unknown key', { columns: ['x'] }],
    ['recipients without a shared view', { recipients: [0x7fffffff] }],
  ])('refuses %s with a Spanish 400', async (_name, change) => {
    const answer = await json('POST', '/api/v1/subscriptions', salesBody(change));
    expect(answer.statusCode, answer.body).toBe(400);
    const { message } = answer.json<{ message: string }>();
    expect(message).toMatch(/[áéíóúñ]|no |debe|se esperaba|solo|existe/i);
    expect(message).not.toMatch(/invalid|expected|required|error/i);
  });

  it('asks for a session', async () => {
    expect((await json('GET', '/api/v1/subscriptions', undefined, null)).statusCode).toBe(401);
    expect((await json('POST', '/api/v1/subscriptions', salesBody(), null)).statusCode).toBe(401);
  });

  it('names other recipients only on a shared view; they see it, may leave it, and may not change or delete it', async () => {
    const privateView = await json('POST', '/api/v1/views', { reportId: 'pos-sales', path: '/pos/sales', name: 'Privada correo', shared: false, state: salesState });
    const privateId = privateView.json<{ data: { id: number } }>().data.id;
    const refused = await json('POST', '/api/v1/subscriptions', salesBody({ viewId: privateId, recipients: [restrictedId] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('Solo se puede enviar a otros empleados una vista guardada compartida.');

    const view = await json('POST', '/api/v1/views', { reportId: 'pos-sales', path: '/pos/sales', name: 'Compartida correo', shared: true, state: salesState });
    const viewId = view.json<{ data: { id: number } }>().data.id;
    const id = await create(salesBody({ viewId, recipients: [restrictedId, demoId] }));
    const theirs = await listed(id, server.restrictedToken);
    expect(theirs).toMatchObject({ mine: false, viewId, recipients: [{ id: restrictedId }] });

    // Forbidden as the API's rights are (`No Permission`): the web client signs out on any other 403.
    for (const [method, url] of [['PATCH', `/api/v1/subscriptions/${id}`], ['DELETE', `/api/v1/subscriptions/${id}`], ['POST', `/api/v1/subscriptions/${id}/send`]] as const) {
      const refusedChange = await json(method, url, method === 'PATCH' ? { paused: true } : undefined, server.restrictedToken);
      expect(refusedChange.statusCode, `${method} ${url}`).toBe(403);
      expect(refusedChange.json<{ message: string }>().message).toBe('No Permission');
    }
    expect((await json('DELETE', `/api/v1/subscriptions/${id}/me`)).statusCode).toBe(400);
    expect((await json('DELETE', `/api/v1/subscriptions/${id}/me`, undefined, server.restrictedToken)).statusCode).toBe(204);
    expect(await listed(id, server.restrictedToken)).toBeUndefined();
    // Now a stranger to it: 404, whatever he asks.
    expect((await json('PATCH', `/api/v1/subscriptions/${id}`, { paused: true }, server.restrictedToken)).statusCode).toBe(404);
    expect((await json('DELETE', `/api/v1/subscriptions/${id}`, undefined, server.restrictedToken)).statusCode).toBe(404);
    expect((await json('DELETE', `/api/v1/subscriptions/${id}/me`, undefined, server.restrictedToken)).statusCode).toBe(404);
    expect((await json('POST', `/api/v1/subscriptions/${id}/send`, undefined, server.restrictedToken)).statusCode).toBe(404);
  });

  it('lets the creator pause, reschedule, change and delete it', async () => {
    const id = await create(salesBody());
    const patched = await json('PATCH', `/api/v1/subscriptions/${id}`, {
      paused: true,
      schedule: { frequency: 'monthly', monthDay: 31, hour: 23 },
      format: 'csv',
      skipEmpty: true,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(subscriptionAnswer.parse(patched.json()).data).toMatchObject({
      paused: true,
      schedule: { frequency: 'monthly', monthDay: 31, hour: 23 },
      format: 'csv',
      skipEmpty: true,
      nextSendAt: '2026-03-31T23:00:00.000Z',
    });
    expect((await json('PATCH', `/api/v1/subscriptions/${id}`, {})).statusCode).toBe(400);
    expect((await json('PATCH', `/api/v1/subscriptions/${id}`, { schedule: { frequency: 'weekly', weekdays: [], hour: 1 } })).statusCode).toBe(400);
    expect((await json('PATCH', '/api/v1/subscriptions/2147483647', { paused: false })).statusCode).toBe(404);
    expect((await json('DELETE', `/api/v1/subscriptions/${id}`)).statusCode).toBe(204);
    expect(await listed(id)).toBeUndefined();
  });
});

describe('subscription mails', () => {
  let demoEmail: string;
  let restrictedEmail: string;
  beforeAll(async () => {
    demoEmail = await emailOf(demoId);
    restrictedEmail = await emailOf(restrictedId);
  });

  /** The screen's file and its list's rows as the export answers them to `token`. */
  async function exportOf(token: string) {
    const body = exportBodySchema.parse({ report: 'pos-sales', block: '3', format: 'xlsx', params: new URLSearchParams([['period', period]]).toString(), answer: 'no' });
    const plan = planExport(await serverReports(), body, testToday);
    const rows = (await server.get(plan.url, token)).json<{ data: Array<{ invoice: string; tipAmount: number | null }> }>().data;
    const file = await json('POST', '/api/v1/export', body, token);
    expect(file.statusCode).toBe(200);
    return { rows, file: await readWorkbook(file.rawPayload) };
  }

  it('mails each recipient the screen with his own rights: the file equals his export, tips withheld from the one without the right', async () => {
    const view = await json('POST', '/api/v1/views', { reportId: 'pos-sales', path: '/pos/sales', name: 'Ventas por correo', shared: true, state: salesState });
    const id = await create(salesBody({ viewId: view.json<{ data: { id: number } }>().data.id, recipients: [restrictedId] }));
    await makeDue(id);
    expect(await server.app.subscriptions.runOnce()).toBe(1);

    expect(smtp.received.map((mail) => to(mail)[0]).sort()).toEqual([demoEmail, restrictedEmail].sort());
    for (const [email, token, seesTips] of [[demoEmail, server.token, true], [restrictedEmail, server.restrictedToken, false]] as const) {
      const mail = smtp.received.find((m) => to(m)[0] === email)!;
      expect(mail.subject).toBe('Mirador: Ventas POS general');
      expect(mail.attachments.map((a) => a.filename)).toEqual(['Ventas POS general.xlsx']);
      const attached = await readWorkbook(mail.attachments[0]!.content);
      const { rows, file } = await exportOf(token);
      expect(rows.length).toBeGreaterThan(5);
      // The data sheet cell for cell as the export answers this employee (the Filtros sheet differs only in its times).
      expect(sheetFacts(attached.worksheets[0]!)).toEqual(sheetFacts(file.worksheets[0]!));
      const sheet = attached.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1).value;
      expect(sheet.rowCount).toBe(rows.length + 2);
      rows.forEach((row, index) => {
        expect(cell(index + 2, 'Factura')).toBe(row.invoice);
        if (seesTips) expect(cell(index + 2, 'Propina')).toBe(row.tipAmount);
        else expect(typeof cell(index + 2, 'Propina')).not.toBe('number');
      });
      if (seesTips) expect(rows.some((row) => (row.tipAmount ?? 0) > 0)).toBe(true);
      else expect(rows.every((row) => row.tipAmount === null)).toBe(true);

      // The body: title, filters as the Filtros sheet says them, "Datos al", the cards, a link back with the state.
      const text = mail.text!;
      expect(text).toContain('Ventas POS general');
      expect(text).toContain(`Fecha: ${from.split('-').reverse().join('/')} - ${testToday.split('-').reverse().join('/')}`);
      expect(text).toMatch(/Datos al \d\d\/\d\d\/\d{4} \d\d:\d\d UTC/);
      const split = (await server.get(`/api/v1/report/sales-general?initDate=${from}&endDate=${testToday}`, token)).json<{ data: { countApp: number; countDesktop: number } }>().data;
      expect(text).toContain(`Órdenes: ${(split.countApp + split.countDesktop).toLocaleString('en-US')}`);
      expect(text).toContain(`${publicUrl}/pos/sales?period=${encodeURIComponent(period).replaceAll('%2E', '.')}`);
      expect(mail.html).toContain(`<a href="${publicUrl}/pos/sales?period=`);
    }
    const sent = await listed(id);
    expect(sent!.lastSentAt).toBe(testNow.toISOString());
    expect(sent!.lastError).toBeNull();
    // Sent once: another round finds nothing due.
    expect(await server.app.subscriptions.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(2);
  });

  it('sends at once on "Enviar ahora": one job due now, sent once by the next round, its schedule untouched', async () => {
    const id = await create(salesBody());
    const before = await listed(id);
    const answer = await json('POST', `/api/v1/subscriptions/${id}/send`);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(subscriptionAnswer.parse(answer.json()).data).toMatchObject({ id, nextSendAt: before!.nextSendAt, lastSentAt: null });
    // A second click before it goes adds nothing.
    expect((await json('POST', `/api/v1/subscriptions/${id}/send`)).statusCode).toBe(202);
    expect(await server.app.subscriptions.runOnce()).toBe(1);
    expect(smtp.received.map((mail) => to(mail)[0])).toEqual([demoEmail]);
    expect(smtp.received[0]!.attachments.map((a) => a.filename)).toEqual(['Ventas POS general.xlsx']);
    // The footer names the page where it is paused or left.
    expect(smtp.received[0]!.text).toContain('Puede pausarla o darse de baja en «Mis suscripciones».');
    expect(await server.app.subscriptions.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    const sent = await listed(id);
    expect(sent).toMatchObject({ lastSentAt: testNow.toISOString(), nextSendAt: before!.nextSendAt, lastError: null });

    // Paused: nothing to send until it is taken up again.
    await json('PATCH', `/api/v1/subscriptions/${id}`, { paused: true });
    const paused = await json('POST', `/api/v1/subscriptions/${id}/send`);
    expect(paused.statusCode).toBe(400);
    expect(paused.json<{ message: string }>().message).toBe('La suscripción está pausada: reanúdela para enviarla.');
    expect((await json('POST', '/api/v1/subscriptions/2147483647/send')).statusCode).toBe(404);
  });

  it('follows the screen: the cards with "Comparar con:", the Filtros sheet saying so, the columns the screen shows', async () => {
    const cols = 'total,invoice,-business.name,-user,-employee,-createdAt,-closedAt,-methodPay.text,-byClientApp,-subtotal,-taxAmount,-tipAmount,-discount.amount';
    const id = await create(salesBody({ state: { filters: salesState.filters, params: [['compare', 'previous'], ['t3.cols', cols]] } }));
    expect((await json('POST', `/api/v1/subscriptions/${id}/send`)).statusCode).toBe(202);
    expect(await server.app.subscriptions.runOnce()).toBe(1);
    const mail = smtp.received[0]!;

    // The period before, as long as the one shown (61 days ending the day before it starts).
    const day = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const length = (Date.parse(testToday) - Date.parse(from)) / 86_400_000 + 1;
    const previous = { from: day(from, -length), to: day(from, -1) };
    const orders = async (a: string, b: string) => {
      const split = (await server.get(`/api/v1/report/sales-general?initDate=${a}&endDate=${b}`)).json<{ data: { countApp: number; countDesktop: number } }>().data;
      return split.countApp + split.countDesktop;
    };
    const now = await orders(from, testToday);
    const then = await orders(previous.from, previous.to);
    expect(now).not.toBe(then);
    const delta = now - then;
    const sign = (n: number) => (n > 0 ? '+' : '');
    const percent = `${sign(delta)}${((delta / then) * 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
    expect(mail.text).toContain(
      `Órdenes: ${now.toLocaleString('en-US')} · Periodo anterior: ${then.toLocaleString('en-US')} · ${sign(delta)}${delta.toLocaleString('en-US')} (${percent})`,
    );
    expect(mail.html).toContain(`Periodo anterior: ${then.toLocaleString('en-US')}`);
    expect(mail.text).toContain('compare=previous');

    const file = await readWorkbook(mail.attachments[0]!.content);
    const filtros = file.getWorksheet('Filtros')!.getSheetValues().flat(2).filter((cell) => typeof cell === 'string');
    const dmy = (iso: string) => iso.split('-').reverse().join('/');
    expect(filtros).toContain('Comparado con');
    expect(filtros).toContain(`Periodo anterior (${dmy(previous.from)} – ${dmy(previous.to)})`);
    expect((file.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['Total', 'Factura']);
  });

  it('sends nothing for a paused one', async () => {
    const id = await create(salesBody());
    await makeDue(id);
    await json('PATCH', `/api/v1/subscriptions/${id}`, { paused: true });
    await makeDue(id);
    expect(await server.app.subscriptions.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('skips an empty report when asked, and sends its empty file when not', async () => {
    const empty = { filters: [['period', '2015-01-01..2015-01-02']], params: [] };
    const skipped = await create(salesBody({ state: empty, skipEmpty: true }));
    const sentEmpty = await create(salesBody({ state: empty, skipEmpty: false, format: 'csv' }));
    await makeDue(skipped);
    await makeDue(sentEmpty);
    expect(await server.app.subscriptions.runOnce()).toBe(2);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.attachments.map((a) => a.filename)).toEqual(['Ventas POS general.csv']);
    expect(smtp.received[0]!.text).toContain('Ventas POS general.csv: 0 filas');
    const [job] = await server.db.query<{ status: string }>('SELECT status FROM subscription_jobs WHERE subscription_id = $1', [skipped]);
    expect(job!.status).toBe('skipped');
  });

  it('stops mailing a deactivated recipient, the others of a view no longer shared, and a deactivated creator\'s subscription altogether', async () => {
    const view = await json('POST', '/api/v1/views', { reportId: 'pos-sales', path: '/pos/sales', name: 'Para desactivar', shared: true, state: salesState });
    const id = await create(salesBody({ viewId: view.json<{ data: { id: number } }>().data.id, recipients: [restrictedId] }));
    try {
      await server.db.query('UPDATE employees SET active = false WHERE id = $1', [restrictedId]);
      await makeDue(id);
      expect(await server.app.subscriptions.runOnce()).toBe(1);
      expect(smtp.received.map((mail) => to(mail)[0])).toEqual([demoEmail]);

      // A view no longer shared: only its creator gets the mail.
      smtp.received.length = 0;
      await server.db.query('UPDATE employees SET active = true WHERE id = $1', [restrictedId]);
      await server.db.query('UPDATE saved_views SET shared = false WHERE id = (SELECT view_id FROM subscriptions WHERE id = $1)', [id]);
      await makeDue(id);
      expect(await server.app.subscriptions.runOnce()).toBe(1);
      expect(smtp.received.map((mail) => to(mail)[0])).toEqual([demoEmail]);
      await server.db.query('UPDATE saved_views SET shared = true WHERE id = (SELECT view_id FROM subscriptions WHERE id = $1)', [id]);

      smtp.received.length = 0;
      await server.db.query('UPDATE employees SET active = false WHERE id = $1', [demoId]);
      await makeDue(id);
      expect(await server.app.subscriptions.runOnce()).toBe(0);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await server.db.query('UPDATE employees SET active = true WHERE id IN ($1, $2)', [demoId, restrictedId]);
    }
  });

  it('records a refused send in Spanish and sends it on the next round', async () => {
    const id = await create(salesBody({ format: 'csv' }));
    await makeDue(id);
    smtp.refuse = 'Mailbox unavailable';
    expect(await server.app.subscriptions.runOnce()).toBe(1);
    const failed = await listed(id);
    expect(failed!.lastError).toBe('El servidor de correo no aceptó el envío: el servidor de correo rechazó el remitente o el destinatario (código 550).');
    expect(failed!.lastSentAt).toBeNull();
    smtp.refuse = undefined;
    expect(await server.app.subscriptions.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const sent = await listed(id);
    expect(sent!.lastError).toBeNull();
    expect(sent!.lastSentAt).toBe(testNow.toISOString());
  });

  it('cuts a file at SUBSCRIPTION_MAX_ROWS with the note', async () => {
    const mails: Array<{ attachments: Array<{ content: Buffer }> }> = [];
    const small = await startTestServer({ mail: { transport: { sendMail: async (m) => void mails.push(m), close: () => undefined }, maxRows: 3 } });
    try {
      const answer = await small.request({
        method: 'POST',
        url: '/api/v1/subscriptions',
        headers: { authorization: `Bearer ${small.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(salesBody({ format: 'csv' })),
      });
      const id = answer.json<{ data: { id: number } }>().data.id;
      await small.db.query('UPDATE subscriptions SET paused = id <> $1', [id]);
      await small.db.query("UPDATE subscriptions SET next_send_at = $2::timestamptz - interval '1 minute' WHERE id = $1", [id, testNow.toISOString()]);
      expect(await small.app.subscriptions.runOnce()).toBe(1);
      const csv = mails[0]!.attachments[0]!.content.toString('utf8');
      const lines = csv.split('\r\n');
      // The header and the first 3 rows of the screen's export, then their total and the note.
      const body = { report: 'pos-sales', block: '3', format: 'csv', params: new URLSearchParams([['period', period]]).toString(), answer: 'no' };
      const whole = await small.request({
        method: 'POST',
        url: '/api/v1/export',
        headers: { authorization: `Bearer ${small.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      const wholeLines = whole.payload.split('\r\n');
      expect(wholeLines.length).toBeGreaterThan(8);
      expect(lines.slice(0, 4)).toEqual(wholeLines.slice(0, 4));
      expect(lines[4]).toMatch(/^Total;/);
      expect(lines[5]).toBe('"Filas: Archivo incompleto: solo las primeras 3 filas; un archivo enviado por correo no supera 3 filas (SUBSCRIPTION_MAX_ROWS). Los totales son de esas filas. Filtre menos filas para tenerlas todas."');
    } finally {
      await small.close();
    }
  });

  it('lets go of a job stopped between two recipients; the next start mails only the recipient left', async () => {
    const mails: Array<{ to: string }> = [];
    let stopAfterFirst = true;
    const transport = {
      sendMail: async (mail: { to: string }) => {
        mails.push(mail);
        if (stopAfterFirst) void own.app.subscriptions.stop();
      },
      close: () => undefined,
    };
    const own = await startTestServer({ mail: { transport } });
    try {
      const post = (url: string, body: unknown) =>
        own.request({ method: 'POST', url, headers: { authorization: `Bearer ${own.token}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      const view = await post('/api/v1/views', { reportId: 'pos-sales', path: '/pos/sales', name: 'Dos destinatarios', shared: true, state: salesState });
      const made = await post('/api/v1/subscriptions', salesBody({ viewId: view.json<{ data: { id: number } }>().data.id, recipients: [restrictedId], format: 'csv' }));
      const id = made.json<{ data: { id: number } }>().data.id;
      await own.db.query("UPDATE subscriptions SET next_send_at = $2::timestamptz - interval '1 minute' WHERE id = $1", [id, testNow.toISOString()]);
      expect(await own.app.subscriptions.runOnce()).toBe(1);
      expect(mails.map((m) => m.to)).toEqual([demoEmail]);
      const [job] = await own.db.query<{ status: string; locked_until: unknown; sent_to: number[] }>(
        'SELECT status, locked_until, sent_to FROM subscription_jobs WHERE subscription_id = $1',
        [id],
      );
      expect(job).toEqual({ status: 'pending', locked_until: null, sent_to: [demoId] });

      stopAfterFirst = false;
      await own.app.close();
      const { buildApp } = await import('../app.ts');
      const { testSecret } = await import('../../tests/support/testServer.ts');
      const restarted = await buildApp({ db: own.db, jwtSecret: testSecret, now: () => testNow, mail: { transport } });
      try {
        expect(await restarted.subscriptions.runOnce()).toBe(1);
      } finally {
        await restarted.close();
      }
      expect(mails.map((m) => m.to)).toEqual([demoEmail, restrictedEmail]);
    } finally {
      await own.close();
    }
  });

  it('moves a period chosen as "Hoy" to the day the mail is sent, and keeps a fixed one', async () => {
    const today = `${testToday}..${testToday}`;
    const moving = await create(salesBody({ state: { filters: [['period', today]], params: [] }, format: 'csv' }));
    const fixed = await create(salesBody({ state: { filters: [['period', `2026-03-01..${testToday}`]], params: [] }, format: 'csv' }));
    await makeDue(moving);
    await makeDue(fixed);
    // The same database, served the next day.
    const nextDay = new Date(testNow.getTime() + 86_400_000);
    const later = await startTestServerOn(server, () => nextDay);
    try {
      expect(await later.subscriptions.runOnce()).toBe(2);
    } finally {
      await later.close();
    }
    const fechas = smtp.received.map((mail) => /Fecha: (.*)/.exec(mail.text!)?.[1]).sort();
    expect(fechas).toEqual(['01/03/2026 - 16/03/2026', '17/03/2026 - 17/03/2026']);
    expect(smtp.received.map((mail) => /\?period=([^\s]*)/.exec(mail.text!)?.[1]).sort()).toEqual(['2026-03-01..2026-03-16', '2026-03-17..2026-03-17']);
  });

  it('sends after a restart what fell due while the server was stopped, and what a dead instance held past its lease', async () => {
    const id = await create(salesBody({ format: 'csv' }));
    const dead = await create(salesBody({ format: 'csv' }));
    // The server stops; meanwhile one falls due, and another instance died holding a job of the other.
    await server.app.close();
    await makeDue(id);
    await server.db.query(
      `INSERT INTO subscription_jobs (subscription_id, due_at, locked_by, locked_until, attempts)
       VALUES ($1, $2::timestamptz - interval '2 hours', 'dead-instance', $2::timestamptz - interval '1 hour', 1)`,
      [dead, testNow.toISOString()],
    );
    const restarted = await startTestServerOn(server);
    try {
      restarted.subscriptions.start();
      const statuses = async () =>
        (
          await server.db.query<{ status: string }>('SELECT status FROM subscription_jobs WHERE subscription_id IN ($1, $2) ORDER BY subscription_id', [id, dead])
        ).map((j) => j.status);
      // Each job is marked sent just after the SMTP server took its mail.
      await expect.poll(statuses, { timeout: 30_000 }).toEqual(['sent', 'sent']);
      expect(smtp.received).toHaveLength(2);
    } finally {
      await restarted.close();
    }
  });

  /** A second app on the same database (the first one's connection stays open), as a restart of the server. */
  async function startTestServerOn(first: TestServer, now = () => testNow) {
    const { buildApp } = await import('../app.ts');
    const { testSecret } = await import('../../tests/support/testServer.ts');
    const app = await buildApp({ db: first.db, jwtSecret: testSecret, now, mail: { smtpUrl: smtp.url, publicUrl, pollSeconds: 3600 } });
    await app.ready();
    return app;
  }
});
