import archiver from 'archiver';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type { CellValue } from '../../engine/core/format.ts';
import { dataSheetPlan, filtersSheetLines, filtersSheetWidths, widthSampleRows } from '../../engine/export/buildWorkbook.ts';
import type { ExportDescription } from '../../engine/export/exportTable.ts';
import { texts } from '../../engine/texts.ts';
import { cellXml, columnLetters, packageParts, rowXml, sheetEnd, sheetStart, StyleSheet } from './xlsxParts.ts';

/** Rows between two looks at the back-pressure (and one write of their XML). */
const rowsPerStep = 500;
/**
 * Deflate level of the zip: 1 is the fastest, and its file only a little larger than 6's (measured on 1,048,575 rows
 * of Reservas: see the README's "Excel and CSV files").
 */
export const xlsxDeflateLevel = 1;

/** The answer was destroyed (the client went away): writing stops, and leaving the rows closes their cursor. */
export class ExportAborted extends Error {
  override name = 'AbortError';
}

/**
 * Waits while `into` holds more than it wants (a slow client: the zip and the answer are full), else lets the zip and
 * the answer run; throws ExportAborted once the answer `out` is destroyed.
 */
export async function keepPace(into: Writable, out: Writable): Promise<void> {
  if (into.writableNeedDrain && !out.destroyed) {
    // The event that did not come stops being waited for (no listener left behind per wait).
    const settled = new AbortController();
    const { signal } = settled;
    await Promise.race([once(into, 'drain', { signal }), once(out, 'close', { signal })]).finally(() => settled.abort());
  } else await new Promise((resolve) => setImmediate(resolve));
  if (out.destroyed) throw new ExportAborted();
}

/**
 * The .xlsx file written as its rows come, into `out`, by the server's own streaming writer: the worksheet XML built
 * here (inline strings, typed numbers and dates), zipped as it goes (archiver), with the sheets, styles, frozen header,
 * autofilter, widths, totals and Filtros sheet of the browser's exceljs workbook (engine/export/buildWorkbook.ts
 * `dataSheetPlan`, `filtersSheetLines`). The first rows are held back to size the columns. Resolves with the rows written.
 */
export async function writeXlsxStream(description: ExportDescription, iterator: AsyncIterator<unknown>, out: Writable, level = xlsxDeflateLevel): Promise<number> {
  const sample: unknown[] = [];
  let step = await iterator.next();
  while (!step.done && sample.length < widthSampleRows) {
    sample.push(step.value);
    step = await iterator.next();
  }
  const plan = dataSheetPlan(description, sample);
  const letters = plan.header.map((_, c) => columnLetters(c));
  const styles = new StyleSheet();
  const plainXml = (value: CellValue) => cellXml(value, styles, false);
  const boldXml = (value: CellValue) => cellXml(value, styles, true);

  const zip = archiver('zip', { zlib: { level } });
  // The zip failed, or the answer was destroyed before the zip ended (a client that went away).
  const failed = new Promise<never>((_, reject) => {
    zip.on('error', reject);
    out.once('close', () => reject(new ExportAborted()));
  });
  failed.catch(() => undefined);
  zip.pipe(out);
  const sheet = new PassThrough({ highWaterMark: 256 * 1024 });
  try {
    for (const part of packageParts([plan.name, texts.export.filtersSheet], description.generatedBy, description.generatedAt)) zip.append(part.xml, { name: part.name });
    zip.append(filtersSheetXml(description, styles), { name: 'xl/worksheets/sheet2.xml' });
    zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });

    let xml = sheetStart(plan.widths, true) + rowXml(1, plan.header.map((text): CellValue => ({ type: 'text', value: text })), letters, boldXml);
    let written = 0;
    const add = (row: unknown) => {
      written += 1;
      xml += rowXml(written + 1, plan.cells(row), letters, plainXml);
    };
    for (const row of sample) add(row);
    while (!step.done) {
      add(step.value);
      if (written % rowsPerStep === 0) {
        sheet.write(xml);
        xml = '';
        await Promise.race([keepPace(sheet, out), failed]);
      }
      step = await iterator.next();
    }
    const lastDataRow = Math.max(1, written + 1);
    const totals = plan.totals();
    if (totals) xml += rowXml(lastDataRow + 1, totals, letters, boldXml);
    const autoFilter = letters.length > 0 ? `A1:${letters[letters.length - 1]}${lastDataRow}` : undefined;
    sheet.end(xml + sheetEnd(autoFilter));
    // Styles go last: they are the ones the cells asked for.
    zip.append(styles.xml(), { name: 'xl/styles.xml' });
    await Promise.race([zip.finalize(), failed]);
    return written;
  } catch (error) {
    sheet.destroy();
    zip.unpipe(out);
    zip.abort();
    throw error;
  }
}

/** The "Filtros" sheet: each line's first cell bold. */
function filtersSheetXml(description: ExportDescription, styles: StyleSheet): string {
  const letters = filtersSheetWidths.map((_, c) => columnLetters(c));
  const rows = filtersSheetLines(description).map((line, i) =>
    line.length === 0
      ? ''
      : rowXml(
          i + 1,
          line.map((text): CellValue => ({ type: 'text', value: text })),
          letters,
          (value, c) => cellXml(value, styles, c === 0),
          true,
        ),
  );
  return sheetStart(filtersSheetWidths, false) + rows.join('') + sheetEnd(undefined);
}
