import { once } from 'node:events';
import { Readable, type TransformOptions, type Writable } from 'node:stream';
import { crc32, createDeflateRaw, type DeflateRaw, type ZlibOptions } from 'node:zlib';
import { Zip, type AsyncFlateStreamHandler, type ZipInputFile } from 'fflate';
import { columnWidthGauge, widthSampleRows } from '../../core/export/buildWorkbook.ts';
import { exportedColumns } from '../../core/export/exportedColumns.ts';
import type { ExportDescription } from '../../core/export/exportDescription.ts';
import { rowsPerXmlPiece, sheetRowLimit, xlsxFileParts } from '../../core/export/xlsxFile.ts';
import { xlsxDeflateLevel } from '../../core/export/xlsxZip.ts';
import { unlimitedBudget, type WriterBudget } from './exportBudget.ts';

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
 * One file of the zip, deflated by node:zlib as its bytes come: on libuv's thread pool, so the event loop stays free
 * while a large sheet is deflated. fflate's Zip (the browser's zip library) writes its header, data descriptor and
 * central directory entry from the size and CRC counted here.
 */
class DeflatedEntry implements ZipInputFile {
  readonly compression = 8;
  crc = 0;
  size = 0;
  ondata?: AsyncFlateStreamHandler;
  readonly deflate: DeflateRaw;

  constructor(
    readonly filename: string,
    level: number,
  ) {
    // zlib's streams take a Transform's options too: the sheet's pieces wait in a deflate's input up to 256 kB.
    const options: ZlibOptions & TransformOptions = { level, writableHighWaterMark: 256 * 1024 };
    this.deflate = createDeflateRaw(options);
    this.deflate.on('data', (chunk: Buffer) => this.ondata!(null, chunk as Uint8Array<ArrayBuffer>, false));
    this.deflate.on('end', () => this.ondata!(null, new Uint8Array(0), true));
  }

  /** The file's next bytes; false when its deflate holds more than it wants (see keepPace). */
  write(bytes: Buffer): boolean {
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    return this.deflate.write(bytes);
  }

  /** The file's last bytes. */
  end(bytes: Buffer): void {
    this.write(bytes);
    this.deflate.end();
  }

  terminate = () => {
    this.deflate.destroy();
  };
}

/**
 * What a zip without ZIP64 (fflate writes none) holds: an entry's sizes and the file's offsets are 32-bit. The writer
 * ends the sheet before its XML or the file passes these bytes, keeping room under 4 GiB for what follows the last
 * rows (the sheet's last piece and end, Filtros, styles, the central directory).
 */
export interface ZipLimits {
  /** Bytes of the rows sheet's XML (uncompressed). */
  sheetBytes: number;
  /** Bytes of the whole file. */
  fileBytes: number;
}

/** Room kept under 4 GiB past the limits: far more than 100 rows' XML and the parts that follow them. */
const zipTailRoom = 64 * 1024 * 1024;

export const zip32Limits: ZipLimits = { sheetBytes: 2 ** 32 - 1 - zipTailRoom, fileBytes: 2 ** 32 - 1 - zipTailRoom };

export interface XlsxStreamOptions {
  /** Deflate level (the browser's by default). */
  level?: number;
  /** Rows a sheet holds (Excel's; the tests give fewer). */
  rowLimit?: number;
  /** A turn of the event loop after each slice of rows' work, and the Filtros note of a file its budget ended early. */
  budget?: WriterBudget;
  /** Past these the sheet ends as when the budget's size is spent (the tests give less than a zip holds). */
  zipLimits?: ZipLimits;
}

/**
 * The .xlsx file written as its rows come, into `out`: the parts of core/export/xlsxFile.ts (the browser's file:
 * inline strings, typed numbers and dates, styles, frozen header, autofilter, widths, totals, Filtros sheet) zipped as
 * they go by fflate's Zip, deflated by node:zlib. The first rows are held back to size the columns. Resolves with the
 * rows written. A file that would pass what a zip holds (`zipLimits`) ends early, noted in Filtros through the budget.
 */
export async function writeXlsxStream(
  description: ExportDescription,
  iterator: AsyncIterator<unknown>,
  out: Writable,
  { level = xlsxDeflateLevel, rowLimit = sheetRowLimit, budget, zipLimits = zip32Limits }: XlsxStreamOptions = {},
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

  // The zip failed, or the answer was destroyed before the zip ended (a client that went away).
  const zipFailed = new AbortController();
  const failed = new Promise<never>((_, reject) => {
    zipFailed.signal.addEventListener('abort', () => reject(zipFailed.signal.reason as Error), { once: true });
    out.once('close', () => reject(new ExportAborted()));
  });
  failed.catch(() => undefined);
  const fail = (error: Error) => zipFailed.abort(error);

  // The zip's bytes go to `out` as a stream would: when `out` is full the deflates pause, their input fills and the
  // writer waits for it (keepPace).
  const entries: DeflatedEntry[] = [];
  const zipped = new Readable({ read: () => entries.forEach((entry) => entry.deflate.resume()) });
  let fileBytes = 0;
  let endZip = () => {};
  const zipEnded = new Promise<void>((resolve) => (endZip = resolve));
  const zip = new Zip((error, chunk, final) => {
    if (error) return fail(error);
    fileBytes += chunk.length;
    if (!zipped.push(chunk)) entries.forEach((entry) => entry.deflate.pause());
    if (final) {
      endZip();
      zipped.push(null);
    }
  });
  const entry = (name: string) => {
    const added = new DeflatedEntry(name, level);
    added.deflate.on('error', fail);
    entries.push(added);
    zip.add(added);
    return added;
  };
  const whole = ({ name, xml }: { name: string; xml: string }) => entry(name).end(Buffer.from(xml));
  zipped.pipe(out);
  try {
    parts.leading.forEach(whole);
    const sheet = entry(parts.rowsSheet);

    let xml = parts.rowsSheetStart;
    for (const row of sample) {
      if (parts.full) break;
      xml += parts.row(row);
      // The sample's rows were read before: their work is paced here.
      await budget?.pace();
    }
    let sheetBytes = 0;
    // The limit the sheet's XML or the file passed (the file: what is zipped, and as much again as is not yet).
    const zipFullAt = () =>
      sheetBytes > zipLimits.sheetBytes
        ? zipLimits.sheetBytes
        : fileBytes + sheetBytes - sheet.deflate.bytesWritten > zipLimits.fileBytes
          ? zipLimits.fileBytes
          : undefined;
    let fullAt: number | undefined;
    while (!step.done && !parts.full && fullAt === undefined) {
      xml += parts.row(step.value);
      if (parts.written % rowsPerXmlPiece === 0) {
        const bytes = Buffer.from(xml);
        xml = '';
        sheetBytes += bytes.length;
        sheet.write(bytes);
        await keepPace(sheet.deflate, out, zipFailed.signal);
        fullAt = zipFullAt();
      }
      step = await iterator.next();
    }
    // A full sheet with rows left: they are not read (leaving the rows closes their cursor).
    const rowsLeft = !step.done || parts.written < sample.length;
    if (rowsLeft) await iterator.return?.();
    // A zip that holds no more ends the file as its budget's size would.
    if (rowsLeft && fullAt !== undefined) (budget ??= unlimitedBudget()).full(fullAt, parts.written);
    sheet.end(Buffer.from(xml + parts.rowsSheetEnd()));
    for (const part of [parts.filtersSheet(rowsLeft, budget?.note()), parts.styles()]) whole(part);
    zip.end();
    await Promise.race([zipEnded, failed]);
    return parts.written;
  } catch (error) {
    for (const { deflate } of entries) deflate.destroy();
    zip.terminate();
    zipped.unpipe(out);
    zipped.destroy();
    throw error;
  }
}
