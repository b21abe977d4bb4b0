import archiver from 'archiver';
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { columnWidthGauge, widthSampleRows } from '../../core/export/buildWorkbook.ts';
import { exportedColumns } from '../../core/export/exportedColumns.ts';
import type { ExportDescription } from '../../core/export/exportDescription.ts';
import { rowsPerXmlPiece, sheetRowLimit, xlsxFileParts } from '../../core/export/xlsxFile.ts';
import { xlsxDeflateLevel } from '../../core/export/xlsxZip.ts';
import type { WriterBudget } from './exportBudget.ts';

/** The answer was destroyed (the client went away): writing stops, and leaving the rows closes their cursor. */
export class ExportAborted extends Error {
  override name = 'AbortError';
}

/**
 * Waits while `into` holds more than it wants (a slow client: the zip and the answer are full), else lets the zip and
 * the answer run; throws ExportAborted once the answer `out` is destroyed, and `stop`'s reason once it is aborted.
 */
export async function keepPace(into: Writable, out: Writable, stop?: AbortSignal): Promise<void> {
  if (into.writableNeedDrain && !out.destroyed && !stop?.aborted) {
    // The events that did not come stop being waited for: no listener is left behind per wait, on `stop` either (a
    // race with one long-pending promise instead would keep a reaction on it per wait, thousands in a large file).
    const settled = new AbortController();
    const { signal } = settled;
    const waits = [once(into, 'drain', { signal }), once(out, 'close', { signal })];
    if (stop) waits.push(once(stop, 'abort', { signal }));
    await Promise.race(waits).finally(() => settled.abort());
  } else await new Promise((resolve) => setImmediate(resolve));
  stop?.throwIfAborted();
  if (out.destroyed) throw new ExportAborted();
}

/**
 * The .xlsx file written as its rows come, into `out`: the parts of core/export/xlsxFile.ts (the browser's file:
 * inline strings, typed numbers and dates, styles, frozen header, autofilter, widths, totals, Filtros sheet) zipped as
 * they go by archiver. The first rows are held back to size the columns. Resolves with the rows written. `budget`: a
 * turn of the event loop after each slice of rows' work, and the Filtros note of a file its budget ended early.
 */
export async function writeXlsxStream(
  description: ExportDescription,
  iterator: AsyncIterator<unknown>,
  out: Writable,
  level = xlsxDeflateLevel,
  rowLimit = sheetRowLimit,
  budget?: WriterBudget,
): Promise<number> {
  const sample: unknown[] = [];
  const gauge = columnWidthGauge(exportedColumns(description.columns));
  let step = await iterator.next();
  while (!step.done && sample.length < widthSampleRows) {
    sample.push(step.value);
    gauge.add(step.value);
    step = await iterator.next();
  }
  const parts = xlsxFileParts(description, sample, rowLimit, gauge.widths());

  const zip = archiver('zip', { zlib: { level } });
  // The zip failed, or the answer was destroyed before the zip ended (a client that went away).
  const zipFailed = new AbortController();
  const failed = new Promise<never>((_, reject) => {
    zip.on('error', (error: Error) => {
      zipFailed.abort(error);
      reject(error);
    });
    out.once('close', () => reject(new ExportAborted()));
  });
  failed.catch(() => undefined);
  zip.pipe(out);
  const sheet = new PassThrough({ highWaterMark: 256 * 1024 });
  try {
    for (const part of parts.leading) zip.append(part.xml, { name: part.name });
    zip.append(sheet, { name: parts.rowsSheet });

    let xml = parts.rowsSheetStart;
    for (const row of sample) {
      if (parts.full) break;
      xml += parts.row(row);
      // The sample's rows were read before: their work is paced here.
      await budget?.pace();
    }
    while (!step.done && !parts.full) {
      xml += parts.row(step.value);
      if (parts.written % rowsPerXmlPiece === 0) {
        sheet.write(xml);
        xml = '';
        await keepPace(sheet, out, zipFailed.signal);
      }
      step = await iterator.next();
    }
    // A full sheet with rows left: they are not read (leaving the rows closes their cursor).
    const rowsLeft = !step.done || parts.written < sample.length;
    if (rowsLeft) await iterator.return?.();
    sheet.end(xml + parts.rowsSheetEnd());
    for (const part of [parts.filtersSheet(rowsLeft, budget?.note()), parts.styles()]) zip.append(part.xml, { name: part.name });
    await Promise.race([zip.finalize(), failed]);
    return parts.written;
  } catch (error) {
    sheet.destroy();
    zip.unpipe(out);
    zip.abort();
    throw error;
  }
}
