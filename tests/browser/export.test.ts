import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFromPage, signedInSession, waitForRowCount } from './support/browser.ts';
import { printPagedTable } from './support/printPage.ts';

interface BookingPage {
  data: Array<{ ref: string; total: number | string; dateStart: string }>;
  total: number;
}

const headers = ['REF', 'Contacto', 'Check-in', 'Check-out', 'Cliente', 'Tipología', 'Habitación', 'Status', 'Total'];

let page: Page;
let all: BookingPage;
/** The cells of the browser-built Excel (the first test), to compare the server-built one with. */
let browserCells: unknown[][] = [];

const cells = (sheet: ExcelJS.Worksheet) =>
  sheet.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1).map((cell) => (cell instanceof Date ? cell.toISOString() : cell)) : []));
signedInSession((session) => ({ page } = session));
beforeAll(async () => {
  // The filter the user applied (the URL carries it); the export takes every row of it, not one page.
  await page.goto('/general/booking?status=checked_out');
  all = await apiFromPage<BookingPage>(page, '/api/v1/report/booking?status=checked_out&itemsPerPage=-1&sortBy=dateStart&sortDesc=true');
  await waitForRowCount(page, all.total);
});

/** Downloads the CSV (Reservas.csv, with a BOM and the header) and answers its lines after the BOM. */
async function downloadCsv(): Promise<{ bytes: Buffer; lines: string[] }> {
  const { file, bytes } = await download('CSV');
  expect(file.suggestedFilename()).toBe('Reservas.csv');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split(/\r?\n/).filter(Boolean);
  expect(lines[0]).toBe(headers.join(';'));
  return { bytes, lines };
}

/** The browser-built CSV (the first CSV test), to compare the server-built one with. */
let browserCsv: Buffer | undefined;

async function download(button: 'Excel' | 'CSV'): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  const path = await file.path();
  return { file, bytes: await readFile(path) };
}

describe('Reservas export', () => {
  it('Excel: typed cells, frozen header with autofilter, every row of the filter, and a Filtros sheet', async () => {
    expect(all.total).toBeGreaterThan(50);
    const { file, bytes } = await download('Excel');
    expect(file.suggestedFilename()).toBe('Reservas.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);

    const sheet = workbook.worksheets[0]!;
    browserCells = cells(sheet);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headers);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    // Printed: Reservas' nine columns landscape, one page wide, the header on every page, title and page numbers.
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' });
    expect(sheet.headerFooter).toMatchObject({ oddHeader: '&C&"-,Bold"Reservas', oddFooter: '&CPágina &P de &N' });

    const dataRows: ExcelJS.Row[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1 && row.getCell(1).value !== 'Total') dataRows.push(row);
    });
    expect(dataRows).toHaveLength(all.total);
    expect(dataRows.map((row) => row.getCell(1).value).sort()).toEqual(all.data.map((b) => b.ref).sort());

    const byRef = new Map(all.data.map((b) => [b.ref, b]));
    for (const row of dataRows.slice(0, 20)) {
      const booking = byRef.get(String(row.getCell(1).value))!;
      const amount = row.getCell(9);
      expect(typeof amount.value).toBe('number');
      expect(amount.value).toBeCloseTo(Number(booking.total), 2);
      expect(amount.numFmt).toMatch(/0\.00/);
      const checkIn = row.getCell(3);
      expect(checkIn.value).toBeInstanceOf(Date);
      expect((checkIn.value as Date).toISOString().slice(0, 10)).toBe(booking.dateStart.slice(0, 10));
      expect(checkIn.numFmt).toBe('dd/mm/yyyy');
    }

    const filters = workbook.getWorksheet('Filtros');
    expect(filters).toBeDefined();
    const lines: string[] = [];
    filters!.eachRow((row) => lines.push((row.values as unknown[]).slice(1).map(String).join(' | ')));
    const employee = await page.evaluate(() => JSON.parse(localStorage.getItem('employee')!) as { name: string; lastName: string });
    expect(lines).toContain('Reporte | Reservas');
    expect(lines).toContain('Status | Check Out');
    expect(lines).toContain(`Generado por | ${employee.name} ${employee.lastName}`);
    // When the screen's query read the rows it shows.
    expect(lines.some((line) => /^Datos al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC$/.test(line))).toBe(true);
  });

  it('CSV: BOM, semicolons, decimal commas, every row of the filter', async () => {
    const { bytes, lines } = await downloadCsv();
    browserCsv = bytes;
    // No field of this report holds a quote, semicolon or line break, so a plain split is exact.
    const records = lines.slice(1).map((line) => line.split(';'));
    const data = records.filter((fields) => fields[0] !== 'Total');
    expect(data).toHaveLength(all.total);
    for (const fields of records) expect(fields).toHaveLength(headers.length);
    const byRef = new Map(all.data.map((b) => [b.ref, b]));
    for (const fields of data) {
      expect(fields[8]).toMatch(/^-?\d+,\d{2}$/);
      expect(Number(fields[8]!.replace(',', '.'))).toBeCloseTo(Number(byRef.get(fields[0]!)!.total), 2);
      expect(fields[2]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    }
  });
});

describe('Reservas print', () => {
  it("prints Reservas' wide table on landscape pages, as many as its rows take", async () => {
    await printPagedTable(page);
    const printedRows = await page.locator('.mirador-print-document tbody tr').count();
    // Chromium's print to PDF, as the print dialog lays the page out (its size from the stylesheet's @page).
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    const pages = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map(([, width, height]) => ({ width: Number(width), height: Number(height) }));
    expect(printedRows).toBeGreaterThan(20);
    expect(pages.length).toBeGreaterThan(1);
    // A landscape page holds more than 15 of these rows: not one row's cells wrapped over many lines.
    expect(pages.length).toBeLessThanOrEqual(Math.ceil(printedRows / 15) + 1);
    for (const size of pages) expect(size.width).toBeGreaterThan(size.height);
  });
});

describe('Reservas export of more rows than exportServerRows: built by the server', () => {
  beforeAll(async () => {
    // The operator's setting, lowered below this filter's rows: the rest of /config.json is the server's own.
    await page.route('**/config.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), exportServerRows: 10 } });
    });
    await page.goto('/general/booking?status=checked_out');
    await waitForRowCount(page, all.total);
  });

  it('Excel: streamed from the server, the same rows sheet as the browser builds, compared with the API answer', async () => {
    const exportCall = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/export');
    const { file, bytes } = await download('Excel');
    // The screen, never the file's columns: the server describes the file from its own definition.
    const body = (await exportCall).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['block', 'format', 'params', 'report', 'routeParams']);
    expect(body).toMatchObject({ report: 'general-booking', block: '0', format: 'xlsx' });
    expect(new URLSearchParams(body.params as string).get('status')).toBe('checked_out');
    expect(file.suggestedFilename()).toBe('Reservas.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Reservas', 'Filtros']);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    const rows = cells(sheet).slice(2);
    const data = rows.filter((row) => row[0] !== 'Total' && row.length > 0);
    expect(data.map((row) => row[0]).sort()).toEqual(all.data.map((b) => b.ref).sort());
    const byRef = new Map(all.data.map((b) => [b.ref, b]));
    for (const row of data) expect(row[8]).toBeCloseTo(Number(byRef.get(String(row[0]))!.total), 2);
    expect(browserCells.length).toBeGreaterThan(2);
    expect(cells(sheet)).toEqual(browserCells);

    const lines: string[] = [];
    workbook.getWorksheet('Filtros')!.eachRow((row) => lines.push((row.values as unknown[]).slice(1).map(String).join(' | ')));
    expect(lines).toContain('Reporte | Reservas');
    expect(lines).toContain('Status | Check Out');
    expect(lines.some((line) => /^Datos al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC$/.test(line))).toBe(true);
    // The author is the session's employee, as in the browser's own file.
    const employee = await page.evaluate(() => JSON.parse(localStorage.getItem('employee')!) as { name: string; lastName: string });
    expect(lines).toContain(`Generado por | ${employee.name} ${employee.lastName}`);
  });

  it('CSV: streamed from the server, every row of the filter, byte for byte the browser\'s file', async () => {
    const { bytes, lines } = await downloadCsv();
    expect(bytes.equals(browserCsv!)).toBe(true);
    const data = lines.slice(1).map((line) => line.split(';')).filter((fields) => fields[0] !== 'Total');
    expect(data.map((fields) => fields[0]).sort()).toEqual(all.data.map((b) => b.ref).sort());
  });

  it('shows what has arrived and cancels: no file, the button is back, the next export works', async () => {
    const cdp = await page.context().newCDPSession(page);
    // A slow line, so the file is still arriving when the user presses Cancelar.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 1024, uploadThroughput: -1 });
    let downloads = 0;
    const countDownload = () => (downloads += 1);
    page.on('download', countDownload);
    await page.getByRole('button', { name: 'Excel', exact: true }).click();
    const progress = page.getByRole('dialog', { name: 'Generando el archivo en el servidor' });
    await expect.poll(() => progress.getByRole('status').textContent()).toMatch(/^Recibidos \d+\.\d MB$/);
    await progress.getByRole('button', { name: 'Cancelar' }).click();
    await progress.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('button', { name: 'Excel', exact: true }).isEnabled()).toBe(true);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
    expect(downloads).toBe(0);
    page.off('download', countDownload);
    const { lines } = await downloadCsv();
    expect(lines.length).toBeGreaterThan(all.total);
  });
});
