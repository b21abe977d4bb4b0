import { buildExportFile, type ExportFormat } from './exportFile.ts';
import type { ExportRequest } from './exportTable.ts';

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

scope.onmessage = async (event: MessageEvent<ExportJob>) => {
  let result: ExportResult;
  try {
    result = { ok: true, file: await buildExportFile(event.data.request, event.data.format) };
  } catch (error) {
    result = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(result);
};
