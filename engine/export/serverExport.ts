import { apiPostStream, type RequestSpec } from '../api/client.ts';
import type { ExportFormat } from './exportFile.ts';
import type { ExportDescription } from './exportTable.ts';
import type { ColumnDefinition } from '../../schema/reportDefinition.ts';

/** The list path prefix the server's export endpoint takes the rest of: `/api/v1/x` → `POST /api/v1/export/x`. */
const listPrefix = '/api/v1/';

/** The every-row request of a source, where its rows are in the answer. */
export interface AllRowsRequest {
  request: RequestSpec;
  rowsPath: string;
}

/** Nested lines of a file (the export question's Sí): the nested rows' path and their columns. */
export interface ServerExportLines {
  rows: string;
  columns: ColumnDefinition[];
}

/** Whether the server can build a source's file: one of its lists (below /api/v1/, not an export). */
export function serverExportable(request: RequestSpec): boolean {
  return request.path.startsWith(listPrefix) && !request.path.startsWith(`${listPrefix}export/`);
}

/**
 * Has the server build the file of every row of `source` (its own filters, sort and rights) and reads it as it
 * streams in, reporting the bytes received; `signal` cancels it (the server then stops reading the database).
 */
export async function fetchServerExport(
  source: AllRowsRequest,
  description: Omit<ExportDescription, 'generatedAt' | 'dataAsOf'>,
  format: ExportFormat,
  lines: ServerExportLines | undefined,
  onBytes: (received: number) => void,
  signal: AbortSignal,
): Promise<Blob> {
  const { request } = source;
  const spec: RequestSpec = { ...request, path: `${listPrefix}export/${request.path.slice(listPrefix.length)}` };
  const body = {
    format,
    rows: source.rowsPath,
    title: description.title,
    fileName: description.fileName,
    columns: description.columns,
    totals: description.totals,
    filters: description.filters,
    ...(description.search ? { search: description.search } : {}),
    generatedBy: description.generatedBy,
    ...(lines ? { lines } : {}),
  };
  const response = await apiPostStream(spec, body, signal);
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
