import { apiPostStream } from '../api/client.ts';
import type { RequestSpec } from '../../core/data/requestSpec.ts';
import type { AllRowsRequest, ExportScreen } from '../../core/table/types.ts';
import type { ExportFormat } from './exportFile.ts';

/** The list path prefix of the server's own lists, the only ones it builds files of. */
const listPrefix = '/api/v1/';

/** Whether the server can build a source's file: one of its lists (below /api/v1/, not an export). */
export function serverExportable(request: RequestSpec): boolean {
  return request.path.startsWith(listPrefix) && !request.path.startsWith(`${listPrefix}export`);
}

/** The body of `POST /api/v1/export` (server/export/exportBody.ts): which screen's table, never how it is written. */
export function serverExportBody(screen: ExportScreen, format: ExportFormat, answer: 'yes' | 'no' | undefined, search: string) {
  return {
    report: screen.report,
    block: screen.block,
    format,
    ...(answer ? { answer } : {}),
    params: screen.params,
    routeParams: screen.routeParams,
    ...(search ? { search } : {}),
  };
}

/**
 * Has the server build the file of every row of the screen's table (its filters, sort and rights, the definition's
 * columns) and reads it as it streams in, reporting the bytes received; `signal` cancels it (the server then stops
 * reading the database). `source`: the list's request, whose service answers the export too.
 */
export async function fetchServerExport(
  source: AllRowsRequest,
  screen: ExportScreen,
  format: ExportFormat,
  answer: 'yes' | 'no' | undefined,
  search: string,
  onBytes: (received: number) => void,
  signal: AbortSignal,
): Promise<Blob> {
  const spec: RequestSpec = { service: source.request.service, path: `${listPrefix}export` };
  const response = await apiPostStream(spec, serverExportBody(screen, format, answer, search), signal);
  const type = response.headers.get('content-type') ?? '';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onBytes(received);
  }
  return new Blob(chunks, { type });
}
