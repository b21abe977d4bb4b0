import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import type { ExportDescription } from '../../engine/export/exportTable.ts';
import { lineColumns, rowLines } from '../../engine/table/exportLines.ts';
import { exportBodySchema, type ExportBody } from '../export/exportBody.ts';
import { exportRows } from '../export/exportRows.ts';
import { ExportAborted, writeCsv, writeXlsx } from '../export/writeExport.ts';
import { HttpError } from '../http/HttpError.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';

const mimeTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** A list path of this API below /api/v1/: plain segments, no dot segments, not the export itself. */
function listPath(rest: string): string {
  const segments = rest.split('/');
  const plain = segments.every((segment) => /^[\w\-.]{1,100}$/.test(segment) && segment !== '.' && segment !== '..');
  if (!plain || segments.length > 10 || segments[0] === 'export') throw new HttpError(400, messages.exportSource);
  return `/api/v1/${rest}`;
}

/** `attachment` with an ASCII name and the UTF-8 one (RFC 6266). */
function disposition(fileName: string, format: ExportBody['format']): string {
  const name = `${fileName}.${format}`;
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  return `attachment; filename="${ascii || `export.${format}`}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function* flattened(rows: AsyncIterable<unknown>, lines: NonNullable<ExportBody['lines']>) {
  for await (const row of rows) yield* rowLines(row, lines);
}

/**
 * `POST /api/v1/export/<list path>?<the list's query>`: the .xlsx or CSV of every row the list answers for that query
 * (the same filters, sort and rights), streamed from the list's cursor into the file and the file into the answer;
 * the body describes the file (columns, totals, Filtros sheet). A client that goes away stops the cursor.
 */
export async function exportRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post('/api/v1/export/*', { schema: { body: exportBodySchema } }, async (request, reply) => {
    const body = request.body;
    const rest = (request.params as { '*': string })['*'];
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const source = await exportRows(app, request, listPath(rest) + query, body.rows);
    const description: ExportDescription = {
      title: body.title,
      fileName: body.fileName,
      columns: body.lines ? lineColumns(body.columns, body.lines) : body.columns,
      totals: body.totals,
      filters: body.filters,
      ...(body.search ? { search: body.search } : {}),
      generatedBy: body.generatedBy,
      generatedAt: new Date(),
      dataAsOf: source.readAt,
    };
    const rows = body.lines ? flattened(source.rows, body.lines) : source.rows;
    const out = new PassThrough();
    const write = body.format === 'xlsx' ? writeXlsx : writeCsv;
    write(description, rows, out).then(
      // A client that went away destroyed the answer: the writer stopped at its next step and left the rows.
      (count) => source.release(count),
      (error: unknown) => {
        if (!(error instanceof ExportAborted)) request.log.error(error, 'export failed');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
        void source.stop().finally(() => source.release(0));
      },
    );
    return reply.header('content-type', mimeTypes[body.format]).header('content-disposition', disposition(body.fileName, body.format)).send(out);
  });
}
