// Walks issue 37 (§1–§5) in Chromium against a running `npm start`, as a manager would, and prints one line per item:
// PASS/FAIL and the evidence (figures compared). A verification script, not a CI test.
//   PORT=8111 HOST=127.0.0.1 DATA_DIR=/tmp/walkdata DEMO_SCALE=demo npm start        (in another terminal)
//   OPERATOR_TIME_ZONE=America/Bogota PORT=8112 HOST=127.0.0.1 DATA_DIR=/tmp/walkdata-bog DEMO_SCALE=demo npm start   (optional)
//   npx tsx scripts/walkIssue37.ts [http://127.0.0.1:8111] [http://127.0.0.1:8112]      (ONLY=<regex> walks the matching items only)
// Files are downloaded from the screen's own buttons and read back with exceljs (xlsx) or as text (csv).
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { chromium, type Locator, type Page } from 'playwright-core';
import { demoEmployee } from '../server/demo/demoAccounts.ts';

const base = (process.argv[2] ?? 'http://127.0.0.1:8111').replace(/\/$/, '');
const bogota = process.argv[3]?.replace(/\/$/, '');

type Row = Record<string, any>;
/** ONLY=regex walks only the items whose line matches it. */
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
const results: Array<{ id: string; ok: boolean; evidence: string }> = [];

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
/** Runs one item of the issue; its line is PASS with the evidence it answers, or FAIL with why. */
async function item(id: string, walk: () => Promise<string>): Promise<void> {
  if (only && !only.test(id)) return;
  let line: { id: string; ok: boolean; evidence: string };
  try {
    line = { id, ok: true, evidence: await walk() };
  } catch (error) {
    // The script's line where the walk stopped, for a locator's timeout says nothing of where.
    const at = (error as Error).stack?.split('\n').find((l) => l.includes('walkIssue37'))?.match(/:(\d+):\d+\)?$/)?.[1];
    line = { id, ok: false, evidence: `${(error as Error).message.split('\n')[0]!.slice(0, 300)}${at ? ` (line ${at})` : ''}` };
  }
  results.push(line);
  console.log(`${line.ok ? 'PASS' : 'FAIL'}  ${id}: ${line.evidence}`);
}

const moneyText = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
/** A screen's money text ("$1,234.50", "-$3.00", "($3.00)") as a number. */
const parseMoney = (text: string) => {
  const negative = /^-|^\(|−/.test(text.trim());
  const n = Number(text.replace(/[^\d.]/g, ''));
  return negative ? -n : n;
};
const near = (a: number, b: number) => Math.abs(a - b) < 0.005 + Math.abs(b) * 1e-9;
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
const ddmmyyyy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

async function signedIn(url: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto('/auth/login');
  await page.getByLabel('Correo electrónico').fill(demoEmployee.email);
  await page.getByLabel('Contraseña').fill(demoEmployee.password);
  await page.getByLabel('Contraseña').press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  return page;
}

const page = await signedIn(base);
const main = () => page.getByRole('main');
const mainTable = (scope: Locator = main()) => scope.locator('table.mirador-table').first();

/** Calls the API with the app's token (what the screen asked, to compare with). */
async function api<T = any>(path: string, on: Page = page): Promise<T> {
  return on.evaluate(async (p) => {
    const response = await fetch(p, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    if (!response.ok) throw new Error(`${p} answered ${response.status}`);
    return response.json();
  }, path) as Promise<T>;
}

/** Opens a route and waits for the answer of `apiPath` it asks for. */
async function open(route: string, apiPath: string, on: Page = page): Promise<{ body: any; query: URLSearchParams }> {
  const answer = on.waitForResponse((r) => new URL(r.url()).pathname === apiPath && r.request().method() === 'GET' && r.ok());
  await on.goto(route);
  const response = await answer;
  const url = new URL(response.url());
  // A response the browser already let go (a navigation after it) has no body left to read: the same call again.
  const body = await response.json().catch(() => api(`${url.pathname}${url.search}`, on));
  return { body, query: url.searchParams };
}

/** A number card's value once its count-up has settled (two reads 400 ms apart agree). */
async function cardText(label: string): Promise<string> {
  const value = page.getByRole('group', { name: label, exact: true }).locator('.report-card-value');
  let last = await value.innerText();
  for (let i = 0; i < 30; i++) {
    await page.waitForTimeout(400);
    const now = await value.innerText();
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** The text of a table's cells in the column headed `header` (body rows or the footer's first row). */
async function column(table: Locator, header: string, part: 'tbody' | 'tfoot' = 'tbody'): Promise<string[]> {
  return table.evaluate(
    (element, [name, where]) => {
      const heads = [...element.querySelectorAll(':scope > thead tr:first-child th')].map((th) => (th as HTMLElement).innerText.trim());
      const index = heads.findIndex((h) => h === name || h.split('\n')[0] === name);
      if (index < 0) throw new Error(`No column "${name}" in ${heads.join(', ')}`);
      const rows = [...element.querySelectorAll(`:scope > ${where} > tr:not(.mirador-table-detail)`)] as HTMLTableRowElement[];
      return rows.map((row) => row.cells[index]?.innerText.trim() ?? '');
    },
    [header, part] as const,
  );
}

/** Clicks a download button (answering the export question if any) and returns the file's name and bytes. */
async function download(scope: Locator, button: 'Excel' | 'CSV', answer?: 'Sí' | 'No'): Promise<{ name: string; bytes: Buffer }> {
  const file = page.waitForEvent('download', { timeout: 60_000 });
  await scope.getByRole('button', { name: button, exact: true }).first().click();
  if (answer) {
    const dialog = page.getByRole('dialog');
    await dialog.getByText(answer, { exact: true }).click();
    await dialog.getByRole('button', { name: 'Generar' }).click();
  }
  const done = await file;
  return { name: done.suggestedFilename(), bytes: await readFile(await done.path()) };
}

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}
const cellValue = (value: ExcelJS.CellValue): unknown =>
  value && typeof value === 'object' && !(value instanceof Date) && 'result' in value ? value.result : value;
/** A sheet's rows as arrays of values (1-based columns dropped to 0-based). */
function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1).map(cellValue)));
  return rows;
}
/** The header row, the data rows and the "Total" row of a data sheet. */
function tableOf(sheet: ExcelJS.Worksheet) {
  const [header = [], ...rest] = rowsOf(sheet);
  const names = header.map(String);
  const total = rest.find((r) => r[0] === 'Total');
  return { names, data: rest.filter((r) => r[0] !== 'Total'), total, at: (name: string) => names.indexOf(name) };
}
/** CSV records after the BOM (';' separated, '"' quoted). */
function csvOf(bytes: Buffer): string[][] {
  const text = bytes.subarray(bytes[0] === 0xef ? 3 : 0).toString('utf8');
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') record.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field), records.push(record), (record = []), (field = '');
    } else field += c;
  }
  if (field || record.length) record.push(field), records.push(record);
  return records.filter((r) => r.some(Boolean));
}
const csvNumber = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));

// ───────────────────────── §1 Files whose figures differ from the screen ─────────────────────────

await item('§1 Saldos activos: Excel and CSV keep the sign; totals row equals the screen', async () => {
  const { body } = await open('/general/balance', '/api/v1/report/booking/activeBalances');
  const table = mainTable();
  await table.locator('tfoot').waitFor();
  const screenTotal = parseMoney((await column(table, 'Saldo', 'tfoot'))[0]!);
  const card = parseMoney(await cardText('Total saldos'));
  check(near(card, screenTotal), `card Total saldos ${card} vs the table's footer ${screenTotal}`);
  const negatives = body.data.filter((b: Row) => Number(b.balance) < 0).length;
  check(negatives > 0, 'no credit balance in the data to try the sign on');
  const xlsx = tableOf((await workbookOf((await download(main(), 'Excel')).bytes)).worksheets[0]!);
  const at = xlsx.at('Saldo');
  const fileNegatives = xlsx.data.filter((r) => Number(r[at]) < 0).length;
  const fileSum = sum(xlsx.data.map((r) => Number(r[at])));
  check(fileNegatives === negatives, `Excel negatives ${fileNegatives} vs API ${negatives}`);
  check(xlsx.total && near(Number(xlsx.total[at]), screenTotal), `Excel Total row ${xlsx.total?.[at]} vs screen ${screenTotal}`);
  check(near(fileSum, screenTotal), `Excel Saldo sum ${fileSum} vs screen ${screenTotal}`);
  const csv = csvOf((await download(main(), 'CSV')).bytes);
  const ci = csv[0]!.indexOf('Saldo');
  const csvTotal = csv.find((r) => r[0] === 'Total');
  const csvNeg = csv.slice(1).filter((r) => r[0] !== 'Total' && r[ci]!.startsWith('-')).length;
  check(csvTotal && near(csvNumber(csvTotal[ci]!), screenTotal), `CSV Total ${csvTotal?.[ci]} vs screen ${screenTotal}`);
  check(csvNeg === negatives, `CSV negatives ${csvNeg} vs ${negatives}`);
  return `screen footer ${moneyText(screenTotal)} = card ${moneyText(card)} = xlsx Total ${moneyText(Number(xlsx.total![at]))} = Σ xlsx ${moneyText(fileSum)} = CSV ${csvTotal![ci]}; ${negatives} credits negative in both files`;
});

await item('§1 POS ventas with items = Sí: an order\'s money once; file total = the orders\' total', async () => {
  // A past month with many orders (today may hold few); the screen's footer is its page's, so every order of the filter comes from the API.
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
  await open(`/pos/sales?period=${from}..${to}`, '/api/v1/report/closed-order');
  const table = mainTable();
  await table.locator('tfoot').waitFor();
  const footLabel = (await table.locator('tfoot td').first().innerText()).trim();
  const pageTotal = parseMoney((await column(table, 'Total', 'tfoot'))[0]!);
  const shownTotals = (await column(table, 'Total')).map(parseMoney);
  const all = (await api(`/api/v1/report/closed-order?initDate=${from}&endDate=${to}&per_page=-1&page=1`)).data as Row[];
  const ordersTotal = sum(all.map((o) => Number(o.total)));
  check(near(sum(shownTotals), pageTotal), `footer ${pageTotal} vs Σ shown rows ${sum(shownTotals)}`);
  const xlsx = tableOf((await workbookOf((await download(main(), 'Excel', 'Sí')).bytes)).worksheets[0]!);
  const at = xlsx.at('Total');
  const fileSum = sum(xlsx.data.map((r) => Number(r[at] ?? 0)));
  const itemLines = xlsx.data.filter((r) => r[xlsx.at('Ítem')] != null && r[xlsx.at('Ítem')] !== '').length;
  const moneyLines = xlsx.data.filter((r) => r[at] != null && r[at] !== '').length;
  check(moneyLines === all.length, `${moneyLines} lines carry a Total for ${all.length} orders`);
  check(near(fileSum, ordersTotal), `Σ Total of the file ${fileSum} vs the orders' ${ordersTotal}`);
  check(xlsx.total && near(Number(xlsx.total[at]), ordersTotal), `Total row ${xlsx.total?.[at]} vs ${ordersTotal}`);
  return `${from}..${to}: ${all.length} orders, ${xlsx.data.length} lines (${itemLines} items), ${moneyLines} lines with a Total; Σ file ${moneyText(fileSum)} = Total row = Σ orders ${moneyText(ordersTotal)}; screen "${footLabel}" ${moneyText(pageTotal)} = Σ its ${shownTotals.length} rows`;
});

await item('§1 Comercial: every typology in the file, typology column, bookings, overall total', async () => {
  const { body } = await open('/general/comercial', '/api/v1/report/booking/comercial');
  await page.getByRole('tab').first().waitFor();
  const { name, bytes } = await download(page.getByRole('tabpanel'), 'Excel');
  const workbook = await workbookOf(bytes);
  const xlsx = tableOf(workbook.worksheets[0]!);
  const typologies = new Set(xlsx.data.map((r) => r[xlsx.at('Tipología')]));
  const refs = xlsx.data.filter((r) => r[xlsx.at('REF')]).length;
  const apiRefs = sum(body.data.flatMap((g: Row) => g.rooms.map((r: Row) => r.bookings.length)));
  const salesSum = sum(xlsx.data.map((r) => Number(r[xlsx.at('Ventas')] ?? 0)));
  check(typologies.size === body.data.length, `${typologies.size} typologies in the file vs ${body.data.length} tabs`);
  check(refs === apiRefs, `${refs} booking lines vs ${apiRefs}`);
  check(xlsx.total && near(Number(xlsx.total[xlsx.at('Ventas')]), Number(body.total)), `Total row ${xlsx.total?.[xlsx.at('Ventas')]} vs Total general ${body.total}`);
  return `${name}: sheets [${workbook.worksheets.map((s) => s.name).join(', ')}], ${typologies.size}/${body.data.length} typologies, ${refs} bookings, Σ Ventas ${moneyText(salesSum)} = Total row = Total general ${moneyText(Number(body.total))}`;
});

await item('§1 Recaudo: "Potencial vs real" data and Excel say which figure is which; month Ninguna covers all time', async () => {
  await open('/gerencia/recaudo', '/api/v1/report/booking/recaudo').catch(async () => page.goto('/gerencia/recaudo'));
  const figure = page.getByRole('figure', { name: 'Potencial vs real' });
  await figure.locator('svg.marks').waitFor();
  await figure.getByRole('button', { name: 'Ver datos' }).click();
  const data = figure.getByRole('region').getByRole('table');
  await data.locator('tbody tr').first().waitFor();
  const heads = await data.locator('thead th').allInnerTexts();
  const rows = await data.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td,th')].map((c) => c.textContent!.trim())));
  const keys = rows.map((r) => `${r[0]}|${r[1]}`);
  check(new Set(keys).size === keys.length, 'a row repeats with no column telling potential from real');
  const seriesCol = rows[0]!.findIndex((_, i) => rows.some((r) => /potencial/i.test(r[i]!)) && rows.some((r) => /real/i.test(r[i]!)));
  check(seriesCol >= 0 || heads.some((h) => /potencial/i.test(h)), `Ver datos columns ${heads.join('|')} name neither Potencial nor Real`);
  const { bytes } = await download(figure, 'Excel').catch(() => download(main(), 'Excel'));
  const wb = await workbookOf(bytes);
  const sheetTexts = wb.worksheets.map((s) => rowsOf(s).flat().map(String).join(' '));
  check(sheetTexts.some((t) => /potencial/i.test(t) && /real/i.test(t)), 'no sheet of the Excel names Potencial and Real');
  // Month "Ninguna": the chart covers every night of the filtered bookings, as the cards do (not the current month).
  await page.getByRole('button', { name: 'Filtros' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filtros' });
  await drawer.getByRole('combobox', { name: 'Mes Mes' }).selectOption({ label: 'Ninguna' });
  const potential = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/report/booking/recaudoPotecialVsReal' && r.ok());
  const statistics = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/report/booking/recaudoStatistics' && r.ok());
  await drawer.getByRole('button', { name: 'Aplicar' }).click();
  const chart = await (await potential).json();
  const cards = await (await statistics).json();
  const cardValue = parseMoney(await cardText('Ingresos por alojamiento'));
  await figure.locator('svg.marks').waitFor();
  const realSum = sum((chart.data as Row[]).map((r) => Number(r.totalRatesReal)));
  check(near(realSum, cardValue) && near(cardValue, Number(cards.data.totalRates)), `Ninguna: Σ Real ${realSum} vs card ${cardValue}`);
  const thisMonth = new Date().toISOString().slice(0, 7);
  check(!(String(chart.dateStart).startsWith(thisMonth) && String(chart.dateEnd).startsWith(thisMonth)), `Ninguna: the chart still covers ${chart.dateStart}..${chart.dateEnd}`);
  return `Ver datos headers [${heads.join(' | ')}], ${rows.length} rows, no repeat; Excel sheets [${wb.worksheets.map((s) => s.name).join(', ')}] name Potencial and Real; Mes Ninguna: chart ${chart.dateStart}..${chart.dateEnd}, Σ Real ${moneyText(realSum)} = card "Ingresos por alojamiento" ${moneyText(cardValue)}`;
});

await item('§1 Reseñas: Excel holds every review\'s scores and names the type', async () => {
  const { body } = await open('/review/product', '/api/v1/review/paginate/product');
  await mainTable().locator('tbody tr').first().waitFor();
  const { name, bytes } = await download(main(), 'Excel');
  const wb = await workbookOf(bytes);
  const xlsx = tableOf(wb.worksheets[0]!);
  check(xlsx.at('Criterio') >= 0 && xlsx.at('Valor') >= 0, `no Criterio/Valor columns: ${xlsx.names.join('|')}`);
  const scores = xlsx.data.filter((r) => typeof r[xlsx.at('Valor')] === 'number').length;
  const first = body.data[0] as Row;
  check(scores >= first.values.length, `${scores} score cells`);
  check(/Productos/.test(name) || /Productos/.test(wb.worksheets[0]!.name), `file ${name}, sheet ${wb.worksheets[0]!.name} do not name the type`);
  const names: string[] = [];
  for (const [type, label] of [['community', 'Comunidad'], ['employee', 'Empleados'], ['service', 'Servicios'], ['task', 'Tareas']] as const) {
    const { body: other } = await open(`/review/${type}`, `/api/v1/review/paginate/${type}`);
    if (Number(other.links.pagination.total) === 0) {
      names.push(`${type}: no review this month`);
      continue;
    }
    await mainTable().locator('tbody tr').first().waitFor();
    const file = await download(main(), 'Excel');
    const sheetName = (await workbookOf(file.bytes)).worksheets[0]!.name;
    check(file.name.includes(label) && sheetName.includes(label), `${type}: file ${file.name}, sheet ${sheetName}`);
    names.push(file.name);
  }
  return `${name} / sheet "${wb.worksheets[0]!.name}": ${scores} numeric scores (Criterio, Valor) for ${body.links.pagination.total} reviews; other types: ${names.join(', ')}`;
});

await item('§1 Tareas de empleados: durations numeric, per-employee rows', async () => {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  await open(`/employee/tasks?period=${from}..${now.toISOString().slice(0, 10)}`, '/api/v1/report/task-employee').catch(() => page.goto('/employee/tasks'));
  await mainTable().locator('tbody tr').first().waitFor();
  const wb = await workbookOf((await download(main(), 'Excel')).bytes);
  const xlsx = tableOf(wb.worksheets[0]!);
  const durations = xlsx.names.map((n, i) => [n, i] as const).filter(([n]) => /Promedio/.test(n));
  const texts = xlsx.data.flatMap((r) => durations.map(([, i]) => r[i])).filter((v) => v != null && v !== '' && typeof v !== 'number');
  check(durations.length > 0, `no duration column: ${xlsx.names.join('|')}`);
  check(texts.length === 0, `duration cells as text: ${texts.slice(0, 3).join(', ')}`);
  const employees = xlsx.at('Empleado') >= 0 ? xlsx.data.filter((r) => r[xlsx.at('Empleado')]).length : 0;
  check(employees > 0, `no per-employee rows (headers ${xlsx.names.join('|')})`);
  return `sheet "${wb.worksheets[0]!.name}": ${durations.length} duration columns all numeric, ${employees} employee rows of ${xlsx.data.length}`;
});

await item('§1 Leads, Clientes: phones without apostrophe in the xlsx', async () => {
  const out: string[] = [];
  for (const [route, path] of [['/general/leads', '/api/v1/report/leads'], ['/client/list', '/api/v1/user/paginate']] as const) {
    await page.goto(route);
    await mainTable().locator('tbody tr').first().waitFor();
    const xlsx = tableOf((await workbookOf((await download(main(), 'Excel')).bytes)).worksheets[0]!);
    const at = xlsx.names.findIndex((n) => /Tel[eé]fono|Celular/i.test(n));
    check(at >= 0, `${route}: no phone column in ${xlsx.names.join('|')}`);
    const phones = xlsx.data.map((r) => r[at]).filter((v) => v != null && v !== '').map(String);
    const apostrophes = phones.filter((p) => p.startsWith("'"));
    check(phones.length > 0, `${route}: no phone in the file`);
    check(apostrophes.length === 0, `${route}: ${apostrophes.length} phones with an apostrophe, e.g. ${apostrophes[0]}`);
    out.push(`${route} ${phones.length} phones, 0 with "'" (e.g. ${phones[0]})`);
    void path;
  }
  return out.join('; ');
});

await item('§1 Totals rows: Ventas de reservas files have a totals row equal to the screen\'s Total', async () => {
  const { body } = await open('/general/sales', '/api/v1/report/booking/sales');
  const screen = parseMoney(await cardText('Total'));
  check(near(screen, Number(body.totalCalculate)), `card ${screen} vs API totalCalculate ${body.totalCalculate}`);
  const xlsx = tableOf((await workbookOf((await download(main(), 'Excel')).bytes)).worksheets[0]!);
  const csv = csvOf((await download(main(), 'CSV')).bytes);
  const csvTotal = csv.find((r) => r[0] === 'Total');
  const at = xlsx.at('Total');
  const fileSum = sum(xlsx.data.map((r) => Number(r[at] ?? 0)));
  check(xlsx.data.length === Number(body.total), `${xlsx.data.length} rows vs ${body.total}`);
  check(xlsx.total && near(Number(xlsx.total[at]), screen), `xlsx Total row ${xlsx.total?.[at]} vs card ${screen} (Σ rows ${fileSum})`);
  check(csvTotal && near(csvNumber(csvTotal[csv[0]!.indexOf('Total')]!), screen), `CSV Total row ${csvTotal?.join(';')}`);
  return `${body.total} bookings: card Total ${moneyText(screen)} = xlsx Total row = Σ rows ${moneyText(fileSum)} = CSV Total ${csvTotal![csv[0]!.indexOf('Total')]}`;
});

// ───────────────────────── §2 Files that print like a report ─────────────────────────

await item('§2 Excel page setup: landscape when wide, one page wide, header row repeated, title and page numbers', async () => {
  await open('/general/booking?status=checked_out', '/api/v1/report/booking');
  await mainTable().locator('tbody tr').first().waitFor();
  const sheet = (await workbookOf((await download(main(), 'Excel')).bytes)).worksheets[0]!;
  const s = sheet.pageSetup;
  check(s.orientation === 'landscape' && s.fitToPage && s.fitToWidth === 1 && s.fitToHeight === 0, `pageSetup ${JSON.stringify(s)}`);
  check(s.printTitlesRow === '1:1', `printTitlesRow ${s.printTitlesRow}`);
  check(/Reservas/.test(sheet.headerFooter.oddHeader ?? '') && /&P/.test(sheet.headerFooter.oddFooter ?? ''), `headerFooter ${JSON.stringify(sheet.headerFooter)}`);
  return `Reservas.xlsx: ${s.orientation}, fitToWidth ${s.fitToWidth}/fitToHeight ${s.fitToHeight}, printTitlesRow ${s.printTitlesRow}, header "${sheet.headerFooter.oddHeader}", footer "${sheet.headerFooter.oddFooter}"`;
});

await item('§2 Sheet names cut at a word, never the same word twice', async () => {
  const names: string[] = [];
  await open('/pos/sales', '/api/v1/report/closed-order');
  await mainTable().waitFor();
  names.push((await workbookOf((await download(main(), 'Excel', 'No')).bytes)).worksheets[0]!.name);
  await page.goto('/employee/tip');
  await mainTable().locator('tbody tr').first().waitFor();
  names.push((await workbookOf((await download(main(), 'Excel')).bytes)).worksheets[0]!.name);
  for (const n of names) {
    const words = n.split(/[\s-]+/).filter(Boolean);
    check(new Set(words.map((w) => w.toLowerCase())).size === words.length, `"${n}" repeats a word`);
    check(n.length <= 31, `"${n}" longer than 31`);
  }
  check(!/Órdenes ce$/.test(names[0]!), `"${names[0]}" cut mid-word`);
  return names.map((n) => `"${n}"`).join(', ');
});

await item('§2 POS (few rows) Excel: fit to one page wide, header repeated, numbered', async () => {
  await open('/pos/sales', '/api/v1/report/closed-order');
  await mainTable().waitFor();
  const sheet = (await workbookOf((await download(main(), 'Excel', 'No')).bytes)).worksheets[0]!;
  const s = sheet.pageSetup;
  const rows = sheet.rowCount;
  check(s.fitToPage && s.fitToWidth === 1 && s.printTitlesRow === '1:1' && /&P/.test(sheet.headerFooter.oddFooter ?? ''), `pageSetup ${JSON.stringify(s)}`);
  return `"${sheet.name}" (${rows} rows, ${sheet.columnCount} columns): ${s.orientation}, fitToWidth ${s.fitToWidth}, fitToHeight ${s.fitToHeight}, printTitlesRow ${s.printTitlesRow}, footer "${sheet.headerFooter.oddFooter}"`;
});

/** Prints the screen's table (Imprimir, first choice) with the print dialog replaced; answers the printed document's facts and its PDF's pages. */
async function printed(): Promise<{ landscape: boolean; headers: string[]; formulas: string[]; pages: Array<{ width: number; height: number }> }> {
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await main().getByRole('button', { name: 'Imprimir', exact: true }).click();
  // A paged table asks which rows (the page or all); a table of one page prints at once.
  const dialog = page.getByRole('dialog', { name: 'Imprimir' });
  const doc = page.locator('.mirador-print-document');
  const asked = await Promise.race([
    dialog.getByRole('radio').first().waitFor().then(() => true),
    doc.locator('h1').waitFor({ state: 'attached' }).then(() => false),
  ]);
  if (asked) await dialog.getByRole('button', { name: 'Imprimir' }).click();
  await doc.locator('h1').waitFor({ state: 'attached' });
  const facts = await doc.evaluate((d) => ({
    landscape: !!d.querySelector('.mirador-print-landscape') || d.classList.contains('mirador-print-landscape'),
    headers: [...d.querySelectorAll('thead th')].map((th) => th.textContent!.trim()),
    formulas: [...d.querySelectorAll('.mirador-print-glossary dt')].map((dt) => dt.textContent!.trim()),
  }));
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  const pages = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map(([, w, h]) => ({ width: Number(w), height: Number(h) }));
  return { ...facts, pages };
}

await item('§2 The app\'s print: landscape when wide, portrait when narrow; formulas only of printed figures', async () => {
  await open('/general/booking?status=checked_out', '/api/v1/report/booking');
  await mainTable().locator('tbody tr').first().waitFor();
  const wide = await printed();
  check(wide.landscape && wide.pages.every((p) => p.width > p.height), `Reservas printed ${wide.landscape ? 'landscape' : 'portrait'}, pages ${JSON.stringify(wide.pages[0])}`);
  const stray = wide.formulas.filter((f) => !wide.headers.some((h) => f === h || f.startsWith(h)));
  check(stray.length === 0, `formulas of figures not printed: ${stray.join(', ')}`);
  await open('/pos/payment', '/api/v1/report/payment');
  await mainTable().waitFor();
  const narrow = await printed();
  check(!narrow.landscape && narrow.pages.every((p) => p.height > p.width), `Pagos POS printed ${narrow.landscape ? 'landscape' : 'portrait'}`);
  const stray2 = narrow.formulas.filter((f) => !narrow.headers.some((h) => f === h || f.startsWith(h)));
  check(stray2.length === 0, `Pagos POS formulas not printed: ${stray2.join(', ')}`);
  // A page whose card has a formula too: the paper names only its printed columns' formulas.
  await open('/general/balance', '/api/v1/report/booking/activeBalances');
  await mainTable().locator('tbody tr').first().waitFor();
  const balance = await printed();
  check(balance.formulas.length > 0 && !balance.formulas.includes('Total saldos'), `Saldos activos formulas [${balance.formulas.join(', ')}]`);
  check(balance.formulas.every((f) => balance.headers.includes(f)), `Saldos activos formulas not printed: ${balance.formulas.filter((f) => !balance.headers.includes(f)).join(', ')}`);
  return `Saldos activos printed formulas [${balance.formulas.join(', ')}] (its card "Total saldos" left out, not printed); Reservas (${wide.headers.length} columns): landscape, ${wide.pages.length} PDF pages ${Math.round(wide.pages[0]!.width)}×${Math.round(wide.pages[0]!.height)}, formulas [${wide.formulas.join(', ')}] all printed columns; Pagos POS (${narrow.headers.length} columns): portrait, formulas [${narrow.formulas.join(', ')}]; page numbers by print.css @page (not readable from the PDF's compressed text)`;
});

// ───────────────────────── §3 Charts that can be read ─────────────────────────

/** Legend entries drawn in a chart's SVG (Vega's legend labels). */
const legendLabels = (figure: Locator) => figure.locator('svg .role-legend-label text').allTextContents();

await item('§3 Legends: the payment-method doughnut shows every method (or names "Otros")', async () => {
  const { body } = await open('/gerencia/pos', '/api/v1/report/pay-general');
  const methods = (body.data.accumulateByPay as Row[]).filter((m) => Number(m.total) !== 0);
  const figure = page.getByRole('figure', { name: 'Métodos de pago' });
  await figure.locator('svg.marks').waitFor();
  const labels = await legendLabels(figure);
  const all = body.data.accumulateByPay as Row[];
  const missing = methods.filter((m) => !labels.includes(String(m.name)));
  check(missing.length === 0 || labels.some((l) => /Otros/.test(l)), `legend lacks ${missing.map((m) => m.name).join(', ')}: ${labels.join(', ')}`);
  // The margin pie of Inventario names every business too.
  const perf = await open('/gerencia/performance', '/api/v1/report/detail-products');
  const pie = page.getByRole('figure', { name: 'Productos vendidos por negocio' });
  await pie.locator('svg.marks').waitFor();
  const pieLabels = await legendLabels(pie);
  const businesses = new Set((perf.body.data as Row[]).map((r) => r.business?.name ?? r.businessName).filter(Boolean));
  check(businesses.size === 0 || pieLabels.length >= businesses.size || pieLabels.some((l) => /Otros/.test(l)), `pie legend ${pieLabels.length} for ${businesses.size} businesses`);
  return `doughnut: ${labels.length} legend entries for ${all.length} methods (${methods.length} with sales), none missing; "Productos vendidos por negocio": ${pieLabels.length} entries [${pieLabels.join(', ')}]`;
});

await item('§3 Popularity and Cortesías: readable product labels, integer axes tick integers', async () => {
  const out: string[] = [];
  for (const route of ['/pos/popularity', '/pos/gift']) {
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
    await page.goto(`${route}?period=${from}..${to}`);
    const figure = page.locator('figure.report-chart').first();
    await figure.locator('svg.marks').waitFor();
    const ticks = await figure.locator('svg .role-axis-label text').allTextContents();
    const numeric = ticks.filter((t) => /^[\d,.]+$/.test(t));
    check(numeric.every((t) => !/\./.test(t)), `${route}: fractional ticks ${numeric.join(' ')}`);
    check(new Set(numeric).size === numeric.length, `repeated ticks ${numeric.join(' ')}`);
    const labels = ticks.filter((t) => !/^[\d,.]+$/.test(t));
    const boxes = await figure.locator('svg .role-axis-label text').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom, left: r.left, right: r.right })));
    let overlaps = 0;
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!, b = boxes[j]!;
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) overlaps++;
      }
    check(overlaps === 0, `${route}: ${overlaps} overlapping axis labels`);
    out.push(`${route} ${from}..${to}: ${labels.length} category labels${labels.some((l) => /Otros/.test(l)) ? ' (with Otros)' : ''}, numeric ticks [${numeric.join(' ')}], 0 overlaps`);
  }
  return out.join('; ');
});

await item('§3 Pies whose values are all zero say "Sin datos"', async () => {
  await open('/pos/sales?period=2001-01-01..2001-01-02', '/api/v1/report/sales-general');
  const figure = page.getByRole('figure', { name: 'Participación en ingresos' });
  await figure.getByText('Sin datos').waitFor({ timeout: 15_000 });
  return '/pos/sales 01/01/2001–02/01/2001: "Participación en ingresos" says "Sin datos"';
});

await item('§3 /pos/status: fixed decimals, fractional minutes in one range across cards, chart and table', async () => {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const { body } = await open(`/pos/status?period=${from}..${now.toISOString().slice(0, 10)}`, '/api/v1/report/status-time');
  const labels = ['Abierta → En proceso (min)', 'En proceso → Entregado (min)', 'Entregado → Cerrada (min)', 'Abierta → Cerrada (min)'];
  const settled: string[] = [];
  for (const label of labels) settled.push(await cardText(label));
  const expected = [1, 2, 3, 4].map((k) => Number(body.average[`time${k}`]).toFixed(2));
  check(JSON.stringify(settled) === JSON.stringify(expected), `cards ${settled.join(' | ')} vs the API's averages ${expected.join(' | ')}`);
  const decimals = new Set(settled.map((t) => (t.split('.')[1] ?? '').replace(/\D/g, '').length));
  check(decimals.size === 1, `card decimals differ: ${settled.join(' | ')}`);
  const ranges = body.ranges as Record<string, number>;
  const withTotal = (body.data as Row[]).filter((r) => r.time4 !== null).length;
  check(sum(Object.values(ranges)) === withTotal, `ranges ${JSON.stringify(ranges)} vs ${withTotal} orders`);
  // Each order's total time, rounded to the two decimals shown, decides its range: ≤ 10, > 10 y ≤ 30, > 30 y ≤ 40, > 40.
  const times = (body.data as Row[]).filter((r) => r.time4 !== null).map((r) => Math.round(Number(r.time4) * 100) / 100);
  const counted = {
    range1: times.filter((t) => t <= 10).length,
    range2: times.filter((t) => t > 10 && t <= 30).length,
    range3: times.filter((t) => t > 30 && t <= 40).length,
    range4: times.filter((t) => t > 40).length,
  };
  check(JSON.stringify(counted) === JSON.stringify({ range1: ranges.range1, range2: ranges.range2, range3: ranges.range3, range4: ranges.range4 }), `ranges ${JSON.stringify(ranges)} vs the table's times ${JSON.stringify(counted)}`);
  const fractional = times.filter((t) => t > 10 && t < 11).length;
  const tableTimes = await column(mainTable(), 'Abierta → Cerrada (min)');
  const tableDecimals = new Set(tableTimes.filter((t) => /\d/.test(t)).map((t) => (t.split('.')[1] ?? '').length));
  check(tableDecimals.size === 1, `table times with ${[...tableDecimals].join('/')} decimals`);
  const help = await page.getByRole('figure', { name: 'Órdenes por tiempo total' }).innerText();
  return `cards [${settled.join(' | ')}] one decimal count; ranges ${JSON.stringify(ranges)} = counted from ${withTotal} orders' times (${fractional} between 10 and 11 min, in "> 10 y ≤ 30"); table's ${tableTimes.length} times all with ${[...tableDecimals].join('')} decimals; chart "${help.split('\n').find((l) => /min/.test(l)) ?? ''}"`;
});

await item('§3 CMV % with a zero base shows "—"', async () => {
  // The card's base is the real income: a period without sales has none.
  const { body } = await open('/gerencia/performance', '/api/v1/report/detail-products');
  const withSales = await cardText('CMV %');
  await open('/gerencia/performance?period=2001-01-01..2001-01-31', '/api/v1/report/detail-products');
  const empty = await cardText('CMV %');
  check(empty === '—', `CMV % with no income reads "${empty}"`);
  const heads = await mainTable().locator('thead tr').first().locator('th').allInnerTexts();
  void body;
  return `CMV % previous month "${withSales}"; 01/2001 (no income) "${empty}"; table columns ${heads.map((h) => h.split('\n')[0]).join(', ')}. The issue's case (income $0 with cost > $0) is not in the demo data`;
});

await item('§3 Events calendar: entries visible (not all behind "+N más"), a click opens its popup', async () => {
  const { body } = await open('/event/calendar?view=month', '/api/v1/placereservation/place/detail');
  const entries = page.locator('.calendar-event-title');
  await entries.first().waitFor();
  const visible = await entries.count();
  const more = await page.getByText(/^\+\d+ más$/).count();
  check(visible > 0, 'no entry drawn');
  await page.locator('.fc-daygrid-event, [role=button]:has(.calendar-event-title)').first().click();
  const popup = page.getByRole('dialog');
  await popup.getByRole('term').filter({ hasText: /^Tipo$/ }).waitFor();
  const title = (await popup.locator('h1,h2,h3,h4,.bp6-heading').first().innerText().catch(() => '')).trim();
  await page.keyboard.press('Escape');
  return `${body.events.length + body.spaces.length} API entries, ${visible} drawn, ${more} "+N más" links; click opened "${title}" with its Tipo`;
});

await item('§3 Housekeeping week and day with "Todas": entries name their place, readable', async () => {
  const out: string[] = [];
  for (const view of ['week', 'day']) {
    const { body } = await open(`/hk/task?view=${view}`, '/api/v1/report/task');
    const tasks = body.data as Row[];
    if (tasks.length === 0) {
      out.push(`${view}: no task in the API's answer`);
      continue;
    }
    await page.locator('.calendar-event-title').first().waitFor();
    const boxes = await page.locator('.calendar-event-title').evaluateAll((els) =>
      els.map((e) => ({ text: e.textContent ?? '', width: e.getBoundingClientRect().width, size: parseFloat(getComputedStyle(e).fontSize) })),
    );
    // A task's place names it; a task with no place (laundry, ironing) is named by its option.
    const names = new Set(tasks.map((t) => t.place?.name ?? t.taskOption?.name).filter(Boolean));
    const named = boxes.filter((b) => [...names].some((p) => b.text.includes(p)));
    check(named.length === boxes.length, `${view}: ${boxes.length - named.length} entries without a name: ${boxes.filter((b) => !named.includes(b)).map((b) => b.text).slice(0, 3).join(', ')}`);
    const placed = tasks.filter((t) => t.place?.name).length;
    check(boxes.every((b) => b.width >= 20 && b.size >= 12), `${view}: an entry is a sliver (${JSON.stringify(boxes.find((b) => b.width < 20 || b.size < 12))})`);
    out.push(`${view}: ${boxes.length} entries for ${tasks.length} tasks (${placed} with a place), all named, min width ${Math.round(Math.min(...boxes.map((b) => b.width)))} px`);
  }
  return out.join('; ');
});

await item('§3 Printed calendars: an entry\'s text reads on what the paper prints behind it', async () => {
  const out: string[] = [];
  for (const [route, path] of [
    ['/event/calendar?view=month', '/api/v1/placereservation/place/detail'],
    ['/hk/task?view=month', '/api/v1/report/task'],
  ] as const) {
    await open(route, path);
    await page.locator('.calendar-event').first().waitFor();
    await page.emulateMedia({ media: 'print' });
    try {
      // tsx names the callback's inner functions with its __name helper, which the page lacks.
      await page.evaluate('globalThis.__name = globalThis.__name || ((f) => f)');
      const contrasts = await page.locator('.calendar-event').evaluateAll((entries) => {
        const rgb = (color: string) => color.match(/[\d.]+/g)!.map(Number);
        const luminance = (color: string) => {
          const [r, g, b] = rgb(color).slice(0, 3).map((c) => {
            const v = c / 255;
            return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        return entries.map((entry) => {
          let holder: Element | null = entry;
          while (holder && (rgb(getComputedStyle(holder).backgroundColor)[3] ?? 1) === 0) holder = holder.parentElement;
          const style = holder ? getComputedStyle(holder) : undefined;
          // A browser prints a background only where print-color-adjust is exact; elsewhere the paper is white.
          const adjust = style ? style.printColorAdjust || (style as unknown as { webkitPrintColorAdjust: string }).webkitPrintColorAdjust : 'economy';
          const paper = style && adjust === 'exact' ? style.backgroundColor : 'rgb(255, 255, 255)';
          const [light, dark] = [luminance(getComputedStyle(entry).color), luminance(paper)].sort((a, b) => b - a);
          return (light! + 0.05) / (dark! + 0.05);
        });
      });
      const low = contrasts.filter((r) => r < 4.5).length;
      check(contrasts.length > 0 && low === 0, `${route}: ${low} of ${contrasts.length} printed entries under 4.5:1`);
      out.push(`${route}: ${contrasts.length} entries, lowest contrast ${Math.min(...contrasts).toFixed(1)}:1`);
    } finally {
      await page.emulateMedia({ media: null });
    }
  }
  return out.join('; ');
});

// ───────────────────────── §4 The figures of a day ─────────────────────────

await item('§4 Demo data: nothing after "Datos al"', async () => {
  await open('/pos/sales', '/api/v1/report/closed-order');
  const asOfText = await page.getByText(/Datos al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).first().innerText();
  const [, d, m, y, hh, mm] = asOfText.match(/(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})/)!;
  // The end of the minute "Datos al" names.
  const asOf = Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm) + 1);
  const today = new Date().toISOString().slice(0, 10);
  const after = (values: Array<string | null | undefined>) => values.filter((v) => v && Date.parse(v) > asOf).length;
  // Today's closed orders: their history and last change; tips; tasks' transactions (start, finish…); app use so far.
  const orders = (await api(`/api/v1/report/closed-order?initDate=${today}&endDate=${today}&per_page=-1&page=1`)).data as Row[];
  const orderMoments = orders.flatMap((o) => [o.createdAt, o.updatedAt, ...((o.updateHistory ?? []) as Row[]).map((h) => h.updatedAt)]);
  const tips = (await api(`/api/v1/employee/tip?dateStart=${today}&dateEnd=${today}`)).data as Row[];
  const tasks = (await api(`/api/v1/report/task?dateStart=${today}&dateEnd=${today}`)).data as Row[];
  const transactions = tasks.flatMap((t) => ((t.transactions ?? []) as Row[]).map((x) => x.createdAt));
  const use = (await api(`/api/v1/use/time/resume/fetch?date=${today}`)).data as Row[];
  const elapsed = (asOf - Date.parse(`${today}T00:00:00Z`)) / 1000;
  const overlong = use.filter((u) => Number(u.time) > elapsed).length;
  const late = { orders: after(orderMoments), tips: after(tips.map((t) => t.createdAt)), transactions: after(transactions), appUse: overlong };
  check(Object.values(late).every((n) => n === 0), `after ${asOfText}: ${JSON.stringify(late)}`);
  const maxUse = Math.max(0, ...use.map((u) => Number(u.time)));
  return `"${asOfText}": ${orderMoments.length} moments of today's ${orders.length} closed orders, ${tips.length} tips, ${transactions.length} transactions of ${tasks.length} tasks — none later; today's app use at most ${(maxUse / 3600).toFixed(2)} h of ${(elapsed / 3600).toFixed(2)} h gone by (${use.length} users)`;
});

await item('§4 App use: the same day totals the same on both tabs', async () => {
  const usersAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/app/useTime/users' || /useTime.*user/i.test(r.url()));
  await page.goto('/useTime');
  await usersAnswer.catch(() => undefined);
  const table = mainTable();
  await table.locator('tfoot').waitFor();
  const usersTotal = (await column(table, 'Horas', 'tfoot'))[0]!;
  const yesterdayDay = ddmmyyyy(new Date(Date.now() - 86_400_000).toISOString());
  await main().getByRole('tab', { name: 'Días', exact: true }).click();
  const panel = main().getByRole('tabpanel', { name: 'Días', exact: true });
  await mainTable(panel).locator('tbody tr').first().waitFor();
  const days = await column(mainTable(panel), 'Día');
  const totals = await column(mainTable(panel), 'Horas totales');
  const i = days.indexOf(yesterdayDay);
  check(i >= 0, `${yesterdayDay} not in Días' week (${days.join(', ')}) — the week began today`);
  check(totals[i] === usersTotal, `Usuarios footer ${usersTotal} vs Días ${totals[i]}`);
  return `${yesterdayDay}: Usuarios footer ${usersTotal} h = Días "Horas totales" ${totals[i]} h`;
});

await item('§4 Spanish order of names: Óscar among the O, Álvarez among the A', async () => {
  await open('/client/list', '/api/v1/client');
  const table = mainTable();
  await table.locator('tbody tr').first().waitFor();
  const sorted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/client' && new URL(r.url()).searchParams.get('sortBy') === 'name');
  await table.getByRole('columnheader', { name: /^Nombre/ }).getByRole('button', { name: 'Nombre', exact: true }).click();
  const asked = new URL((await sorted).url());
  await page.waitForTimeout(800);
  const shown = await column(table, 'Nombre');
  // The same question the screen asked, every row at once.
  asked.searchParams.set('itemsPerPage', '-1');
  asked.searchParams.set('page', '1');
  const nameQuery = asked.search;
  const names = ((await api(`${asked.pathname}?${asked.searchParams}`)).data as Row[]).map((r) => String(r.name));
  check(JSON.stringify(shown) === JSON.stringify(names.slice(0, shown.length)), `screen's first rows ${shown.slice(0, 3)} differ from the full answer's`);
  const collator = new Intl.Collator('es', { sensitivity: 'base' });
  const out = names.filter((n, i) => i > 0 && collator.compare(names[i - 1]!, n) > 0);
  check(out.length === 0, `${out.length} names out of Spanish order, e.g. ${out.slice(0, 3).join(', ')}`);
  const accented = names.findIndex((n) => /^[ÁÉÍÓÚ]/.test(n));
  check(accented >= 0, 'no accented first name to place');
  check(!/^Z/.test(names[accented - 1] ?? '') || /^Z/.test(names[accented]!), `"${names[accented]}" after "${names[accented - 1]}"`);
  const o = names.findIndex((n) => /^Ó/.test(n));
  const show = o >= 0 ? o : accented;
  // Last names by the same question: Álvarez among the A.
  asked.searchParams.set('sortBy', 'lastName');
  const lastNames = ((await api(`${asked.pathname}?${asked.searchParams}`)).data as Row[]).map((r) => String(r.lastName));
  const outLast = lastNames.filter((n, i) => i > 0 && collator.compare(lastNames[i - 1]!, n) > 0);
  check(outLast.length === 0, `${outLast.length} last names out of Spanish order, e.g. ${outLast.slice(0, 3).join(', ')}`);
  const alvarez = lastNames.findIndex((n) => /^Á/.test(n));
  check(alvarez < 0 || /^A/i.test(lastNames[alvarez - 1] ?? 'A'), `"${lastNames[alvarez]}" after "${lastNames[alvarez - 1]}"`);
  return `${nameQuery}: ${names.length} clients in Spanish order; "${names[show]}" between "${names[show - 1]}" and "${names[show + 1]}"; the screen's ${shown.length} rows are the answer's first; by last name ${alvarez >= 0 ? `"${lastNames[alvarez]}" after "${lastNames[alvarez - 1]}"` : 'no accented A'}, none out of order`;
});

await item('§4 Rooms in natural order', async () => {
  const { body } = await open('/general/comercial', '/api/v1/report/booking/comercial');
  const out: string[] = [];
  for (const group of body.data as Row[]) {
    const rooms = (group.rooms as Row[]).map((r) => String(r.name));
    const natural = [...rooms].sort(new Intl.Collator('es', { numeric: true, sensitivity: 'base' }).compare);
    check(JSON.stringify(rooms) === JSON.stringify(natural), `${group.name}: ${rooms.join(', ')}`);
    if (rooms.length > 1) out.push(`${group.name}: ${rooms[0]}…${rooms.at(-1)}`);
  }
  const tab = page.getByRole('tab').first();
  await tab.click();
  const shown = await column(mainTable(page.getByRole('tabpanel')), 'Habitación');
  const natural = [...shown].sort(new Intl.Collator('es', { numeric: true }).compare);
  check(JSON.stringify(shown) === JSON.stringify(natural), `screen: ${shown.join(', ')}`);
  return `every typology's rooms in natural order (${out.slice(0, 3).join('; ')}); screen tab: ${shown.slice(0, 4).join(', ')}…`;
});

if (bogota) {
  await item('§4 OPERATOR_TIME_ZONE=America/Bogota: config, "Datos al" and files name the zone; today is Bogotá\'s', async () => {
    const other = await signedIn(bogota);
    const config = await (await other.request.get('/config.json')).json();
    check(config.timeZone === 'America/Bogota', `/config.json ${JSON.stringify(config)}`);
    const { query } = await open('/pos/sales', '/api/v1/report/closed-order', other);
    const bogotaToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    check(query.get('initDate') === bogotaToday, `today asked ${query.get('initDate')} vs Bogotá ${bogotaToday}`);
    const asOf = await other.getByText(/Datos al/).first().innerText();
    check(/Bogot|COT|-05|UTC−5|America/.test(asOf), `"${asOf}" does not name the zone`);
    const file = other.waitForEvent('download');
    await other.getByRole('main').getByRole('button', { name: 'Excel', exact: true }).click();
    await other.getByRole('dialog').getByText('No', { exact: true }).click();
    await other.getByRole('dialog').getByRole('button', { name: 'Generar' }).click();
    const wb = await workbookOf(await readFile(await (await file).path()));
    const filters = rowsOf(wb.getWorksheet('Filtros')!).map((r) => r.join(' | '));
    const zoneLine = filters.find((l) => /Bogot/.test(l));
    check(zoneLine, `Filtros sheet does not name the zone: ${filters.join(' / ')}`);
    // Moments of the day by Bogotá's hour: yesterday's (Bogotá) closed orders against the server's Mañana/Tarde/Noche.
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(Date.now() - 86_400_000));
    const orders = (await api(`/api/v1/report/closed-order?initDate=${yesterday}&endDate=${yesterday}&per_page=-1&page=1`, other)).data as Row[];
    const hour = (iso: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Bogota', hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso)));
    const bogotaDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date(iso));
    const outside = orders.filter((o) => bogotaDay(o.createdAt) !== yesterday).length;
    check(outside === 0, `${outside} of ${orders.length} orders of ${yesterday} are of another Bogotá day`);
    const moments = (await api(`/api/v1/report/day-moment?initDate=${yesterday}&endDate=${yesterday}`, other)).data as Row;
    const counted = { morning: 0, afternoon: 0, evening: 0 } as Record<string, number>;
    for (const o of orders) {
      const h = hour(o.createdAt);
      counted[h >= 6 && h < 12 ? 'morning' : h >= 12 && h < 18 ? 'afternoon' : 'evening']! += 1;
    }
    const got = { morning: moments.morning, afternoon: moments.afternoon, evening: moments.evening };
    check(JSON.stringify(got) === JSON.stringify(counted), `day-moment ${JSON.stringify(got)} vs Bogotá hours of the closed orders ${JSON.stringify(counted)}`);
    await other.context().close();
    return `moments of ${yesterday} by Bogotá hour ${JSON.stringify(got)} = counted from ${orders.length} closed orders, all of that Bogotá day; config ${config.timeZone}; today asked ${bogotaToday} (UTC ${new Date().toISOString().slice(0, 10)}); "${asOf}"; Filtros "${zoneLine}"`;
  });
}

// ───────────────────────── §5 Small ones ─────────────────────────

await item('§5 Event ticket filter names each event with its date', async () => {
  await open('/eventTicket/movements', '/api/v1/event/qr/movements-table');
  await page.getByRole('button', { name: 'Filtros' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filtros' });
  await drawer.getByRole('textbox', { name: 'Evento' }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await options.first().waitFor();
  const texts = await options.allInnerTexts();
  const dated = texts.filter((t) => / · \d{2}\/\d{2}\/\d{4}$/.test(t));
  check(dated.length === texts.length, `${texts.length - dated.length} options without a date, e.g. ${texts.find((t) => !dated.includes(t))}`);
  check(new Set(texts).size === texts.length, 'identical options remain');
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: 'Cerrar' }).click().catch(() => undefined);
  const heads = await mainTable().locator('thead th').allInnerTexts();
  return `${texts.length} options, all distinct and dated (e.g. "${texts[0]}"); table columns: ${heads.map((h) => h.split('\n')[0]).join(', ')}`;
});

/** A checked-in booking's ref, from Saldos activos. */
const bookingRef = String(((await api('/api/v1/report/booking/activeBalances')).data as Row[])[0]!.ref);

await item('§5 Booking detail Cobros: a reversed range is refused in the form, nothing sent', async () => {
  await page.goto(`/general/balance?open=booking-detail:${bookingRef}`);
  const article = page.getByRole('article', { name: `Reserva ${bookingRef}` });
  await article.waitFor();
  await article.getByRole('tab', { name: 'Cobros', exact: true }).click();
  await article.getByRole('table').first().waitFor();
  // Blueprint's label covers its switch: click the label, as a user does.
  await article.getByText('Rango', { exact: true }).first().click();
  // A request whose creation range is reversed (the start alone, before the end is typed, is a valid question).
  const reversed: string[] = [];
  const count = (r: { url: () => string }) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/v1/booking/order/')) return;
    const days = [...url.searchParams.values()].filter((v) => /^\d{4}-\d{2}-\d{2}/.test(v)).map((v) => v.slice(0, 10));
    if (days.length >= 2 && days[0]! > days[1]!) reversed.push(url.search);
  };
  page.on('request', count);
  await article.getByRole('textbox', { name: 'Fecha de creación Desde' }).first().fill('20/11/2026');
  await article.getByRole('textbox', { name: 'Fecha de creación Desde' }).first().press('Enter');
  await article.getByRole('textbox', { name: 'Fecha de creación Hasta' }).first().fill('10/11/2026');
  await article.getByRole('textbox', { name: 'Fecha de creación Hasta' }).first().press('Enter');
  await article.getByText('La fecha inicial no puede ser posterior a la final.').first().waitFor();
  await page.waitForTimeout(1000);
  page.off('request', count);
  const toast = await page.locator('.bp6-toast').allInnerTexts();
  check(reversed.length === 0, `requests sent with the reversed range: ${reversed.join(' ')}`);
  check(!toast.some((t) => /comunicaci/.test(t)), `toast: ${toast.join(' / ')}`);
  return `booking ${bookingRef}: 20/11/2026 → 10/11/2026 says "La fecha inicial no puede ser posterior a la final.", ${reversed.length} reversed requests, no toast`;
});

await item('§5 Client multi-select closes after a pick', async () => {
  await open('/pos/sales', '/api/v1/report/closed-order');
  await page.getByRole('button', { name: 'Filtros' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filtros' });
  await drawer.getByRole('textbox', { name: 'Clientes' }).click();
  const list = page.getByRole('listbox');
  const first = list.getByRole('option').filter({ hasNotText: 'Buscando…' }).first();
  await first.waitFor();
  const picked = (await first.innerText()).split('\n')[0]!.trim();
  await first.click();
  await list.waitFor({ state: 'hidden', timeout: 5000 });
  await drawer.getByRole('textbox', { name: 'Negocios' }).click();
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await page.keyboard.press('Escape');
  await drawer.getByRole('button', { name: 'Cerrar' }).click().catch(() => undefined);
  return `picked "${picked}": the list closed, Negocios opened its own list on the next click`;
});

await item('§5 Booking detail fits a 390 px phone', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto(`/general/balance?open=booking-detail:${bookingRef}`);
    const article = page.getByRole('article', { name: `Reserva ${bookingRef}` });
    await article.getByRole('table').first().waitFor();
    const widths = await article.evaluate((panel) => ({
      page: document.documentElement.scrollWidth,
      right: Math.round(panel.getBoundingClientRect().right),
      content: panel.scrollWidth,
    }));
    check(widths.page <= 390 && widths.right <= 390 && widths.content <= 390, `widths ${JSON.stringify(widths)}`);
    return `booking ${bookingRef} at 390 px: page ${widths.page} px, panel right ${widths.right} px, content ${widths.content} px`;
  } finally {
    await page.setViewportSize({ width: 1400, height: 900 });
  }
});

await item('§5 POS error texts say "comunicación"', async () => {
  // The database stays up (other helpers share the machine): the browser's request fails instead, as a dropped connection would.
  await page.route('**/api/v1/report/closed-order**', (route) => route.abort('connectionfailed'));
  try {
    await page.goto('/pos/sales');
    const shown = page.getByText(/comunicaci[oó]n/).first();
    await shown.waitFor();
    const text = await shown.innerText();
    check(/comunicación/.test(text), `"${text}" lacks the accent`);
    return `/pos/sales with its orders request failing shows "${text}"`;
  } finally {
    await page.unroute('**/api/v1/report/closed-order**');
  }
});

await item('§5 Sidebar group "Reseñas" (not "REVIEW")', async () => {
  await page.goto('/');
  const nav = page.getByRole('navigation').first();
  await nav.waitFor();
  const text = await nav.innerText();
  check(/Reseñas/i.test(text), 'no "Reseñas" in the sidebar');
  check(!/\bREVIEW\b/i.test(text), 'the sidebar still says REVIEW');
  return 'the sidebar shows "Reseñas", no "REVIEW"';
});

await browser.close();
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} PASS, ${failed} FAIL of ${results.length} items`);
process.exitCode = failed ? 1 : 0;
