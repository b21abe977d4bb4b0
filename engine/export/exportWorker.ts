import { buildExportFile, type ExportFormat } from './exportFile.ts';
import type { ExportRequest } from './exportTable.ts';
import { zipHere, zipInWorker, type XlsxZip } from './xlsxZip.ts';

/** What the page sends: the same request exportTable received. */
export interface ExportJob {
  request: ExportRequest;
  format: ExportFormat;
}

/** What the worker answers: the file, or the reason it could not be built. */
export type ExportResult = { ok: true; file: Blob } | { ok: false; message: string };

// The DOM lib types `self` as a window; a worker only needs these two members.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ExportJob>) => void) | null;
  postMessage(message: ExportResult): void;
};

/**
 * The workbook's zip: deflated by a worker of its own while this one writes the XML (two cores at work), or here
 * where a worker cannot start one (no nested workers, or refused at once).
 */
function zip(): XlsxZip {
  if (typeof Worker !== 'function') return zipHere();
  try {
    return zipInWorker(new Worker(new URL('./zipWorker.ts', import.meta.url), { type: 'module' }));
  } catch {
    return zipHere();
  }
}

scope.onmessage = async (event: MessageEvent<ExportJob>) => {
  let result: ExportResult;
  try {
    result = { ok: true, file: await buildExportFile(event.data.request, event.data.format, zip) };
  } catch (error) {
    result = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(result);
};
