import { setOperatorTimeZone } from '../../core/timeZone.ts';
import { runExportJob, type ExportJob, type ExportResult } from './exportFile.ts';

// The DOM lib types `self` as a window; a worker only needs these two members.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ExportJob>) => void) | null;
  postMessage(message: ExportResult): void;
};

scope.onmessage = async (event: MessageEvent<ExportJob>) => {
  // The worker's modules are its own: the page's time zone comes with the request.
  setOperatorTimeZone(event.data.request.timeZone);
  scope.postMessage(await runExportJob(event.data));
};
