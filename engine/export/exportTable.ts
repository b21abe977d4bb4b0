import { texts } from '../texts.ts';
import { downloadBlob } from './downloadBlob.ts';
import type { ExportRequest } from '../../core/export/exportDescription.ts';
import type { ExportFormat, ExportJob, ExportResult } from './exportFile.ts';

/**
 * Builds the file in a Web Worker, so 100,000 rows never block the page. A workbook's zip is deflated by a second
 * worker beside it (zipWorker.ts), the two joined by a channel of their own; where that worker cannot start, the first
 * deflates it itself.
 */
function buildInWorker(request: ExportRequest, format: ExportFormat): Promise<Blob> {
  const worker = new Worker(new URL('./exportWorker.ts', import.meta.url), { type: 'module' });
  const zipWorker = format === 'xlsx' ? startZipWorker() : undefined;
  return new Promise<Blob>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ExportResult>) => {
      if (event.data.ok) resolve(event.data.file);
      else reject(new Error(texts.export.failed, { cause: event.data.message }));
    };
    const failed = (event: ErrorEvent) => {
      event.preventDefault();
      reject(new Error(texts.export.failed, { cause: event.message }));
    };
    worker.onerror = failed;
    const job: ExportJob = { request, format };
    if (!zipWorker) return worker.postMessage(job);
    zipWorker.onerror = failed;
    const { port1, port2 } = new MessageChannel();
    zipWorker.postMessage(port2, [port2]);
    worker.postMessage({ ...job, zipPort: port1 }, [port1]);
  }).finally(() => {
    worker.terminate();
    zipWorker?.terminate();
  });
}

/** The zip's worker, or undefined where it cannot start (`new Worker(new URL(…))` as written is what Vite bundles). */
function startZipWorker(): Worker | undefined {
  try {
    return new Worker(new URL('./zipWorker.ts', import.meta.url), { type: 'module' });
  } catch {
    return undefined;
  }
}

/** Builds an .xlsx (xlsxFile.ts) or a CSV in a Web Worker and downloads it; rejects with a Spanish message. */
export async function exportTable(request: ExportRequest, format: 'xlsx' | 'csv'): Promise<void> {
  const file = await buildInWorker(request, format);
  downloadBlob(file, `${request.fileName}.${format}`);
}
