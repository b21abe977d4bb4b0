// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildExportFile } from './exportFile.ts';
import { exportTable } from './exportTable.ts';
import type { ExportJob, ExportResult } from './exportWorker.ts';
import { testRequest } from './testRequest.ts';

/** Runs the worker's job in the test's thread; jsdom has no Web Workers. */
class InlineWorker {
  static created: InlineWorker[] = [];
  static fail = false;
  onmessage: ((event: { data: ExportResult }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  terminated = false;
  constructor(readonly url: URL, readonly options: WorkerOptions) {
    InlineWorker.created.push(this);
  }
  postMessage(job: ExportJob) {
    const answer: Promise<ExportResult> = InlineWorker.fail
      ? Promise.resolve({ ok: false, message: 'boom' })
      : buildExportFile(job.request, job.format).then((file) => ({ ok: true, file }));
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

  it('downloads an .xlsx workbook', async () => {
    await exportTable(testRequest({ fileName: 'Ocupacion' }), 'xlsx');
    expect(downloads[0]?.name).toBe('Ocupacion.xlsx');
    expect(downloads[0]?.file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const bytes = new Uint8Array(await downloads[0]!.file.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
  }, 20_000);

  it('rejects with a Spanish message and downloads nothing when the file cannot be built', async () => {
    InlineWorker.fail = true;
    await expect(exportTable(testRequest(), 'xlsx')).rejects.toThrow('No se pudo generar el archivo.');
    expect(downloads).toHaveLength(0);
    expect(InlineWorker.created[0]?.terminated).toBe(true);
  });
});
