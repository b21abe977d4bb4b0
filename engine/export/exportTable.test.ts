// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unzipSync } from 'fflate';
import { runExportJob, type ExportJob, type ExportResult } from './exportFile.ts';
import { exportTable } from './exportTable.ts';
import { testRequest } from '../../core/export/testRequest.ts';
import { serveZipOn } from '../../core/export/xlsxZip.ts';

/**
 * Runs a worker's work in the test's thread (jsdom has no Web Workers): the export worker's job (exportWorker.ts) or
 * the zip worker's port (zipWorker.ts), with the functions those workers run; the channel between them is real.
 */
class InlineWorker {
  static created: InlineWorker[] = [];
  static fail = false;
  /** The zip worker cannot start (its constructor throws), or fails to load (an error event). */
  static zipWorker: 'runs' | 'refused' | 'fails' = 'runs';
  onmessage: ((event: { data: ExportResult }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  terminated = false;
  constructor(readonly url: URL, readonly options: WorkerOptions) {
    if (url.pathname.endsWith('zipWorker.ts') && InlineWorker.zipWorker === 'refused') throw new Error('refused');
    InlineWorker.created.push(this);
  }
  postMessage(message: ExportJob | MessagePort) {
    if (message instanceof MessagePort) {
      if (InlineWorker.zipWorker === 'fails') setTimeout(() => this.onerror?.({ message: 'not loaded', preventDefault() {} }));
      else serveZipOn(message);
      return;
    }
    const answer: Promise<ExportResult> = InlineWorker.fail ? Promise.resolve({ ok: false, message: 'boom' }) : runExportJob(message);
    void answer.then((data) => this.onmessage?.({ data }));
  }
  terminate() {
    this.terminated = true;
  }
}

const downloads: Array<{ name: string; href: string; file: Blob }> = [];
const files = new Map<string, Blob>();

beforeEach(() => {
  InlineWorker.created = [];
  InlineWorker.fail = false;
  InlineWorker.zipWorker = 'runs';
  downloads.length = 0;
  vi.stubGlobal('Worker', InlineWorker);
  let n = 0;
  URL.createObjectURL = vi.fn((file: Blob) => {
    const url = `blob:test/${(n += 1)}`;
    files.set(url, file);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.href, file: files.get(this.href)! });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('exportTable', () => {
  it('builds the CSV in a module worker and downloads it under the report file name', async () => {
    await exportTable(testRequest(), 'csv');
    const [worker] = InlineWorker.created;
    expect(worker?.options).toEqual({ type: 'module' });
    expect(worker?.url.pathname).toMatch(/exportWorker\.ts$/);
    expect(worker?.terminated).toBe(true);
    expect(downloads.map((d) => d.name)).toEqual(['Reservas.csv']);
    const text = new TextDecoder().decode(await downloads[0]!.file.arrayBuffer());
    expect(text).toContain('B-001;Booking.com;03/11/2026;1234,50');
    expect(document.querySelector('a')).toBeNull();
  });

  it('downloads an .xlsx workbook deflated by a second worker, and lets both workers go', async () => {
    await exportTable(testRequest({ fileName: 'Ocupacion' }), 'xlsx');
    expect(downloads[0]?.name).toBe('Ocupacion.xlsx');
    expect(downloads[0]?.file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const files = unzipSync(new Uint8Array(await downloads[0]!.file.arrayBuffer()));
    expect(new TextDecoder().decode(files['xl/worksheets/sheet1.xml'])).toContain('B-001');
    expect(InlineWorker.created.map((worker) => worker.url.pathname.split('/').at(-1))).toEqual(['exportWorker.ts', 'zipWorker.ts']);
    expect(InlineWorker.created.map((worker) => [worker.options, worker.terminated])).toEqual([
      [{ type: 'module' }, true],
      [{ type: 'module' }, true],
    ]);
  }, 20_000);

  it('deflates the workbook in the export worker itself where the zip worker cannot start', async () => {
    InlineWorker.zipWorker = 'refused';
    await exportTable(testRequest(), 'xlsx');
    expect(InlineWorker.created).toHaveLength(1);
    const files = unzipSync(new Uint8Array(await downloads[0]!.file.arrayBuffer()));
    expect(new TextDecoder().decode(files['xl/worksheets/sheet1.xml'])).toContain('B-001');
  }, 20_000);

  it('rejects with a Spanish message, downloads nothing and lets both workers go when the zip worker fails to load', async () => {
    InlineWorker.zipWorker = 'fails';
    await expect(exportTable(testRequest(), 'xlsx')).rejects.toThrow('No se pudo generar el archivo.');
    expect(downloads).toHaveLength(0);
    expect(InlineWorker.created.map((worker) => worker.terminated)).toEqual([true, true]);
  });

  it('rejects with a Spanish message and downloads nothing when the file cannot be built', async () => {
    InlineWorker.fail = true;
    await expect(exportTable(testRequest(), 'xlsx')).rejects.toThrow('No se pudo generar el archivo.');
    expect(downloads).toHaveLength(0);
    expect(InlineWorker.created[0]?.terminated).toBe(true);
  });
});
