import type { Writable } from 'node:stream';
import { csvBom, csvField, csvLineEnd, csvWriter } from '../../core/export/buildCsv.ts';
import type { ExportDescription } from '../../core/export/exportDescription.ts';
import { escapeFormula } from '../../core/export/escapeFormula.ts';
import { texts } from '../../core/texts.ts';
import type { WriterBudget } from './exportBudget.ts';
import { keepPace, writeXlsxStream } from './xlsxStreamWriter.ts';

export { ExportAborted } from './xlsxStreamWriter.ts';

/** Characters of CSV gathered before they are written. */
const csvChunkChars = 64 * 1024;

/**
 * An .xlsx file written as its rows come (the server's streaming writer, xlsxStreamWriter.ts), into `out`: the same
 * sheets, columns, cells and totals as the browser's file. Resolves with the rows written. `budget`: see writeXlsxStream.
 */
export async function writeXlsx(description: ExportDescription, rows: AsyncIterable<unknown>, out: Writable, budget?: WriterBudget): Promise<number> {
  const iterator = rows[Symbol.asyncIterator]();
  try {
    return await writeXlsxStream(description, iterator, out, { budget });
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
}

/**
 * The CSV file written as its rows come, into `out`, then ended: the same lines as the browser's file; a file its
 * budget ended early has a last line saying so.
 */
export async function writeCsv(description: ExportDescription, rows: AsyncIterable<unknown>, out: Writable, budget?: WriterBudget): Promise<number> {
  const writer = csvWriter(description);
  let chunk = csvBom + writer.header + csvLineEnd;
  let written = 0;
  for await (const row of rows) {
    chunk += writer.line(row) + csvLineEnd;
    written += 1;
    if (chunk.length >= csvChunkChars) {
      out.write(chunk);
      chunk = '';
      await keepPace(out, out);
    }
  }
  const totals = writer.totals();
  if (totals !== undefined) chunk += totals + csvLineEnd;
  const note = budget?.note();
  if (note !== undefined) chunk += csvField(escapeFormula(`${texts.export.cutRows}: ${note}`)) + csvLineEnd;
  out.end(chunk);
  return written;
}
