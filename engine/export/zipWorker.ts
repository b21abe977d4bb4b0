import { serveZip, type ZipWorkerAnswer, type ZipWorkerCall } from './xlsxZip.ts';

// The DOM lib types `self` as a window; a worker only needs these two members.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ZipWorkerCall>) => void) | null;
  postMessage(message: ZipWorkerAnswer, transfer?: Transferable[]): void;
};

/** Deflates the export worker's workbook (xlsxZip.ts zipInWorker) while that worker writes its XML. */
const serve = serveZip((answer, transfer = []) => scope.postMessage(answer, transfer));
scope.onmessage = (event) => serve(event.data);
