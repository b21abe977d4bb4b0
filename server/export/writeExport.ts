import ExcelJS from 'exceljs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { addFiltersSheet, deflateLevel, startDataSheet, widthSampleRows } from '../../engine/export/buildWorkbook.ts';
import { csvBom, csvLineEnd, csvWriter } from '../../engine/export/buildCsv.ts';
import type { ExportDescription } from '../../engine/export/exportTable.ts';

/** Rows between two looks at the response's back-pressure. */
const rowsPerStep = 500;
/** Characters of CSV gathered before they are written. */
const csvChunkChars = 64 * 1024;

/** The answer was destroyed (the client went away): writing stops, and leaving the rows closes their cursor. */
export class ExportAborted extends Error {
  override name = 'AbortError';
}

/** Waits while the response holds more than it wants (a slow client), and lets the zip and gzip streams run. */
async function keepPace(out: Writable): Promise<void> {
  if (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  else await new Promise((resolve) => setImmediate(resolve));
  if (out.destroyed) throw new ExportAborted();
}

/**
 * An .xlsx file written as its rows come (exceljs's streaming writer: each row committed, no shared strings), into
 * `out`: the same sheets, columns, cells and totals as the browser's file. The first rows are held back to size the
 * columns. Resolves with the rows written.
 */
export async function writeXlsx(description: ExportDescription, rows: AsyncIterable<unknown>, out: Writable): Promise<number> {
  const iterator = rows[Symbol.asyncIterator]();
  try {
    return await writeWorkbook(description, iterator, out);
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
}

async function writeWorkbook(description: ExportDescription, iterator: AsyncIterator<unknown>, out: Writable): Promise<number> {
  const sample: unknown[] = [];
  let step = await iterator.next();
  while (!step.done && sample.length < widthSampleRows) {
    sample.push(step.value);
    step = await iterator.next();
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: deflateLevel } },
  });
  workbook.creator = description.generatedBy;
  workbook.created = description.generatedAt;
  const sheet = startDataSheet(workbook, description, sample);
  for (const row of sample) sheet.add(row);
  let sinceStep = 0;
  while (!step.done) {
    sheet.add(step.value);
    if (++sinceStep === rowsPerStep) {
      sinceStep = 0;
      await keepPace(out);
    }
    step = await iterator.next();
  }
  const written = sheet.finish();
  addFiltersSheet(workbook, description);
  await workbook.commit();
  return written;
}

/** The CSV file written as its rows come, into `out`, then ended: the same lines as the browser's file. */
export async function writeCsv(description: ExportDescription, rows: AsyncIterable<unknown>, out: Writable): Promise<number> {
  const writer = csvWriter(description);
  let chunk = csvBom + writer.header + csvLineEnd;
  let written = 0;
  for await (const row of rows) {
    chunk += writer.line(row) + csvLineEnd;
    written += 1;
    if (chunk.length >= csvChunkChars) {
      out.write(chunk);
      chunk = '';
      await keepPace(out);
    }
  }
  const totals = writer.totals();
  if (totals !== undefined) chunk += totals + csvLineEnd;
  out.end(chunk);
  return written;
}
