import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { nextAnswer } from './browser.ts';

/** The answers a screen asked for on opening, by API path, with the query it sent. */
export type Answers = Record<string, { query: URLSearchParams; body: any }>;

/** Opens a route and waits for its own requests to the given API paths. */
export async function openScreen(page: Page, route: string, paths: string[]): Promise<Answers> {
  const pending = paths.map((path) => nextAnswer(page, path));
  await page.goto(route);
  const responses = await Promise.all(pending);
  const answers: Answers = {};
  for (const [i, response] of responses.entries()) {
    answers[paths[i]!] = { query: new URL(response.url()).searchParams, body: await response.json() };
  }
  return answers;
}

/** Waits until the number card labelled `label` shows `text` (it counts up first). */
export async function expectCard(page: Page, label: string, text: string): Promise<void> {
  const value = page.getByRole('group', { name: label, exact: true }).locator('.report-card-value');
  await expect.poll(() => value.innerText()).toBe(text);
}

/** Waits until `count` charts have been drawn. */
export async function expectCharts(page: Page, count: number): Promise<void> {
  await expect.poll(() => page.locator('figure.report-chart svg.marks').count()).toBe(count);
}

/** Clicks Excel, answers the export question when `answer` is given, and reads the file back. */
export async function downloadExcel(page: Page, answer?: 'Sí' | 'No'): Promise<{ headers: string[]; rows: unknown[][] }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel', exact: true }).click();
  if (answer) {
    const dialog = page.getByRole('dialog');
    // Blueprint's label covers its radio input: click the label, as a user does.
    await dialog.getByText(answer, { exact: true }).click();
    await dialog.getByRole('button', { name: 'Generar' }).click();
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await (await download).path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const lines: unknown[][] = [];
  sheet.eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
  const [headers = [], ...rows] = lines;
  return { headers: headers.map(String), rows: rows.filter((row) => row[0] !== 'Total') };
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const now = new Date();
/** Today (UTC) and the default periods of the POS screens, as YYYY-MM-DD. */
export const today = iso(now);
export const currentMonth = {
  from: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
  to: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0))),
};
export const previousMonth = {
  from: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))),
  to: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))),
};

/** The period the request sent. */
export const period = (query: URLSearchParams) => ({ from: query.get('initDate'), to: query.get('endDate') });

/** A number as the `number` formatter shows it (en-US, up to two decimals). */
export const decimal = (value: number | string) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));
