import type { FastifyInstance } from 'fastify';
import { formatValue } from '../../core/format.ts';
import { rowLines } from '../../core/table/exportLines.ts';
import type { ExportDescription } from '../../core/export/exportDescription.ts';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { exportBodySchema, type ExportBody } from '../export/exportBody.ts';
import { defaultExportLimits, ExportBudget, type ExportLimits } from '../export/exportBudget.ts';
import { planExport } from '../export/exportPlan.ts';
import { exportRows, transformedRows } from '../export/exportRows.ts';
import { serverReports } from '../export/reportDefinitions.ts';
import { wellFormed } from '../export/wellFormed.ts';
import { ExportAborted, writeCsv, writeXlsx } from '../export/writeExport.ts';
import { HttpError } from '../http/HttpError.ts';
import { cutForLog } from '../http/logSerializers.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';

const mimeTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export interface ExportRouteOptions {
  /** The definitions files are described by. Default: the server's copy of reports/ (tests pass their own). */
  reports?: readonly ReportDefinition[] | undefined;
  limits?: Partial<ExportLimits> | undefined;
}

/** A list path of this API: plain segments, no dot segments, not the export itself. */
function checkListPath(url: string): void {
  const path = url.split('?')[0]!;
  const segments = path.slice('/api/v1/'.length).split('/');
  const plain = segments.every((segment) => /^[\w\-.]{1,100}$/.test(segment) && segment !== '.' && segment !== '..');
  if (!path.startsWith('/api/v1/') || !plain || segments.length > 10 || segments[0] === 'export') throw new HttpError(400, messages.exportSource);
}

/** `attachment` with an ASCII name and the UTF-8 one (RFC 6266). */
function disposition(fileName: string, format: ExportBody['format']): string {
  const name = wellFormed(`${fileName}.${format}`);
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  return `attachment; filename="${ascii || `export.${format}`}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function* flattened(rows: AsyncIterable<unknown>, lines: { rows: string }) {
  for await (const row of rows) yield* rowLines(row, lines);
}

/**
 * `POST /api/v1/export`: the .xlsx or CSV of every row of a screen's table, described by the server. The body names
 * the report, the table block, the export question's answer and the screen's URL params; the columns, totals, titles
 * and file name are the server's definition's, the author is the session's employee. The rows come from the list the
 * definition names, asked in-process with the caller's token (its validation, rights and SQL apply), streamed from its
 * cursor into the file under a time and size budget. A client that goes away stops the cursor.
 */
export async function exportRoutes(app: FastifyInstance, options: ExportRouteOptions) {
  const limits: ExportLimits = { ...defaultExportLimits, ...options.limits };
  const reports = async () => options.reports ?? (await serverReports());
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post('/api/v1/export', { schema: { body: exportBodySchema } }, async (request, reply) => {
    const started = performance.now();
    const body = request.body;
    const session = request.session;
    if (!session) throw new HttpError(401, messages.authRequired);
    const plan = planExport(await reports(), body, app.today());
    checkListPath(plan.url);
    const [employee] = await app.db.query<{ name: string; last_name: string }>('SELECT name, last_name FROM employees WHERE id = $1', [
      session.employeeId,
    ]);
    const source = await exportRows(app, request, plan.url, plan.rowsPath);
    const description: ExportDescription = {
      ...plan.description,
      generatedBy: employee ? formatValue('fullName', { name: employee.name, lastName: employee.last_name }) : session.email,
      generatedAt: app.now(),
      dataAsOf: source.readAt,
      timeZone: app.timeZone,
    };
    const budget = new ExportBudget(limits);
    const read = plan.transform ? transformedRows(source.rows, plan.transform) : source.rows;
    const rows = budget.rows(plan.lines ? flattened(read, plan.lines) : read);
    const out = budget.counted();
    const write = body.format === 'xlsx' ? writeXlsx : writeCsv;
    // One log line per export (the request's logger names the employee): what was written, with which filters.
    const logged = (rows: number | null) => ({
      export: {
        report: body.report,
        block: body.block,
        format: body.format,
        filters: cutForLog(body.params),
        ...(Object.keys(body.routeParams).length > 0 && { routeParams: body.routeParams }),
        ...(body.search && { search: cutForLog(body.search) }),
        rows,
        ms: Math.round(performance.now() - started),
      },
    });
    const what = `export ${body.report} block ${body.block} ${body.format}`;
    write(description, rows, out, budget).then(
      // A client that went away destroyed the answer: the writer stopped at its next step and left the rows.
      (count) => {
        const note = budget.note();
        const line = logged(count);
        if (note) request.log.warn({ ...line, note }, `${what}: ${count} rows in ${line.export.ms} ms, incomplete`);
        else request.log.info(line, `${what}: ${count} rows in ${line.export.ms} ms`);
        source.release(count);
      },
      (error: unknown) => {
        if (error instanceof ExportAborted) request.log.info(logged(null), `${what}: stopped, the client went away`);
        else request.log.error({ ...logged(null), err: error }, `${what}: failed`);
        out.destroy(error instanceof Error ? error : new Error(String(error)));
        void source.stop().finally(() => source.release(0));
      },
    );
    return reply.header('content-type', mimeTypes[body.format]).header('content-disposition', disposition(description.fileName, body.format)).send(out);
  });
}
