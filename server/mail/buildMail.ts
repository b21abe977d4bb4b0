import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { formatDataAsOf, formatValue } from '../../core/format.ts';
import { planRequest } from '../../core/data/planRequest.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { describeFilters, type FilterDescription } from '../../core/filters/describeFilters.ts';
import { comparedFilters, readCompareMode } from '../../core/filters/comparePeriod.ts';
import { cardValue, periodComparison, periodDeltaFormat, signed, usesPeriodComparison } from '../../core/report/cardValue.ts';
import { texts } from '../../core/texts.ts';
import { readFilterValues } from '../../core/report/urlState.ts';
import { rowLines } from '../../core/table/exportLines.ts';
import type { ExportDescription } from '../../core/export/exportDescription.ts';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { exportBodySchema } from '../export/exportBody.ts';
import { ExportBudget, type ExportLimits } from '../export/exportBudget.ts';
import { planExport } from '../export/exportPlan.ts';
import { exportRows, transformedRows } from '../export/exportRows.ts';
import { wellFormed } from '../export/wellFormed.ts';
import { writeCsv, writeXlsx } from '../export/writeExport.ts';
import { signToken } from '../http/auth.ts';
import { HttpError } from '../http/HttpError.ts';
import { messages } from '../messages.ts';
import { movePresets, type Presets } from './presets.ts';
import { cardsBlocks, matchScreen, tableAt } from './screen.ts';
import { mailTexts } from './texts.ts';

type Pair = [string, string];

/** A subscription as the mail builder reads it. */
export interface MailSubscription {
  id: number;
  reportId: string;
  path: string;
  blocks: string[];
  state: { filters: Pair[]; params: Pair[] };
  presets: Presets;
  format: 'xlsx' | 'csv';
  skipEmpty: boolean;
  owner: { name: string; lastName: string };
}

export interface MailRecipient {
  id: number;
  email: string;
  name: string;
  lastName: string;
}

export interface MailContext {
  reports: readonly ReportDefinition[];
  secret: Uint8Array;
  publicUrl: string;
  maxRows: number;
  exportLimits: ExportLimits;
}

export interface BuiltMail {
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
  /** Rows of every attached file. */
  rows: number;
}

const contentTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** The export's budget with a row limit besides: past `maxRows` no row is handed over and the note says so. */
class RowBudget extends ExportBudget {
  private cut = false;

  constructor(limits: ExportLimits, private readonly maxRows: number) {
    super(limits);
  }

  override async *rows<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
    let count = 0;
    for await (const row of super.rows(source)) {
      if (count === this.maxRows) {
        this.cut = true;
        return;
      }
      count += 1;
      yield row;
    }
  }

  override note(): string | undefined {
    return super.note() ?? (this.cut ? messages.subscriptions.cutRows(this.maxRows) : undefined);
  }
}

async function* flattened(rows: AsyncIterable<unknown>, lines: { rows: string }) {
  for await (const row of rows) yield* rowLines(row, lines);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The screen's URL search on the day sent: the saved filters with their relative periods moved, then the rest. */
export function sentParams(definition: ReportDefinition, subscription: Pick<MailSubscription, 'state' | 'presets'>, today: string): URLSearchParams {
  const filters = movePresets(definition, subscription.state.filters, subscription.presets, today);
  return new URLSearchParams([...filters, ...subscription.state.params]);
}

/**
 * One recipient's mail: every table block written as the server's export writes it (planExport, the list asked in
 * process with a token minted for the recipient, so that his rights hold: tips withheld), the cards' figures read
 * from their sources the same way, the filters as the Filtros sheet describes them, and a link back. Undefined when
 * the subscription skips empty reports and every file is empty.
 */
export async function buildMail(app: FastifyInstance, context: MailContext, subscription: MailSubscription, recipient: MailRecipient): Promise<BuiltMail | undefined> {
  const definition = context.reports.find((report) => report.id === subscription.reportId);
  const routeParams = definition && matchScreen(definition, subscription.path);
  if (!definition || !routeParams) throw new HttpError(400, messages.subscriptions.reportGone);
  const today = app.today();
  const params = sentParams(definition, subscription, today);
  const token = await signToken({ secret: context.secret, ttlSeconds: 30 * 60 }, { employeeId: recipient.id, email: recipient.email });
  const authorization = `Bearer ${token}`;
  const request = { headers: { authorization } } as unknown as FastifyRequest;
  const generatedBy = formatValue('fullName', { name: recipient.name, lastName: recipient.lastName });

  const attachments: BuiltMail['attachments'] = [];
  const fileLines: string[] = [];
  let rows = 0;
  let readAt = app.now();
  for (const block of subscription.blocks) {
    const table = tableAt(definition, block);
    const body = exportBodySchema.parse({
      report: definition.id,
      block,
      format: subscription.format,
      params: params.toString(),
      routeParams,
      ...(table?.export?.question ? { answer: 'no' } : {}),
    });
    const plan = planExport(context.reports, body, today);
    let source;
    try {
      source = await exportRows(app, request, plan.url, plan.rowsPath);
    } catch (error) {
      // What the recipient may not see is left out of his mail, and said so.
      if (error instanceof HttpError && error.statusCode === 403) {
        fileLines.push(mailTexts.withheldBlock(plan.description.title));
        continue;
      }
      throw error;
    }
    readAt = source.readAt;
    const description: ExportDescription = { ...plan.description, generatedBy, generatedAt: app.now(), dataAsOf: source.readAt, timeZone: app.timeZone };
    const budget = new RowBudget(context.exportLimits, context.maxRows);
    const read = plan.transform ? transformedRows(source.rows, plan.transform) : source.rows;
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve, reject) => {
      out.once('end', resolve);
      out.once('error', reject);
    });
    const write = subscription.format === 'xlsx' ? writeXlsx : writeCsv;
    let count: number;
    try {
      count = await write(description, budget.rows(plan.lines ? flattened(read, plan.lines) : read), out, budget);
    } catch (error) {
      await source.stop().catch(() => undefined);
      source.release(0);
      throw error;
    }
    source.release(count);
    await ended;
    rows += count;
    const filename = wellFormed(`${description.fileName}.${subscription.format}`);
    attachments.push({ filename, content: Buffer.concat(chunks), contentType: contentTypes[subscription.format] });
    fileLines.push(mailTexts.rows(filename, count));
  }
  if (subscription.skipEmpty && rows === 0) return undefined;

  const filterContext = { today };
  const filters = readFilterValues(definition, params, defaultFilterValues(definition, filterContext), filterContext);
  const figures = await cardFigures(app, definition, filters, params, routeParams, authorization);
  const described: FilterDescription[] = describeFilters(definition, filters, today);
  const link = `${context.publicUrl}${subscription.path}${params.size > 0 ? `?${params}` : ''}`;
  const asOf = formatDataAsOf(readAt, app.timeZone);
  const owner = formatValue('fullName', subscription.owner);

  const text = [
    definition.title,
    '',
    `${mailTexts.filters}:`,
    ...(described.length > 0 ? described.map((f) => `- ${f.label}: ${f.value}`) : [`- ${mailTexts.noFilters}`]),
    '',
    asOf,
    ...(figures.length > 0 ? ['', `${mailTexts.figures}:`, ...figures.map((f) => `- ${f.label}: ${f.value}${f.comparison ? ` · ${f.comparison}` : ''}`)] : []),
    '',
    `${mailTexts.attachments}:`,
    ...fileLines.map((line) => `- ${line}`),
    '',
    `${mailTexts.open}: ${link}`,
    '',
    mailTexts.why(owner),
  ].join('\n');
  const list = (items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
  const html = [
    `<h1>${escapeHtml(definition.title)}</h1>`,
    `<h2>${mailTexts.filters}</h2>`,
    list(described.length > 0 ? described.map((f) => `${escapeHtml(f.label)}: ${escapeHtml(f.value)}`) : [mailTexts.noFilters]),
    `<p>${escapeHtml(asOf)}</p>`,
    ...(figures.length > 0 ? [`<h2>${mailTexts.figures}</h2>`, list(figures.map((f) => `${escapeHtml(f.label)}: <strong>${escapeHtml(f.value)}</strong>${f.comparison ? ` · ${escapeHtml(f.comparison)}` : ''}`))] : []),
    `<h2>${mailTexts.attachments}</h2>`,
    list(fileLines.map(escapeHtml)),
    `<p><a href="${escapeHtml(link)}">${mailTexts.open}</a></p>`,
    `<p><small>${escapeHtml(mailTexts.why(owner))}</small></p>`,
  ].join('\n');
  return { subject: mailTexts.subject(definition.title), text, html, attachments, rows };
}

interface Figure {
  label: string;
  value: string;
  /** "Comparar con:" as the card's line says it: "Periodo anterior: $900.00 · +$100.00 (+11.11%)". */
  comparison?: string;
}

/**
 * Each card of the screen with its figure as the screen formats it, read from its source as the recipient; with the
 * state's `compare`, the comparison the card shows too (its source asked again for the moved period, core's helpers).
 */
async function cardFigures(
  app: FastifyInstance,
  definition: ReportDefinition,
  filters: ReturnType<typeof readFilterValues>,
  params: URLSearchParams,
  routeParams: Record<string, string>,
  authorization: string,
): Promise<Figure[]> {
  const blocks = cardsBlocks(definition.blocks);
  if (blocks.length === 0) return [];
  const get = async (url: string): Promise<unknown> => {
    const answer = await app.inject({ method: 'GET', url, headers: { authorization } });
    return answer.statusCode === 200 ? (answer.json() as unknown) : undefined;
  };
  const needsTrm = blocks.some((block) => block.cards.some((card) => card.usd || card.value?.includes('trm')));
  const trmAnswer = needsTrm ? ((await get('/api/v1/trm')) as { data?: { value_30?: unknown } } | undefined) : undefined;
  const trm = typeof trmAnswer?.data?.value_30 === 'number' ? trmAnswer.data.value_30 : undefined;
  const read = async (source: string, values: ReturnType<typeof readFilterValues>): Promise<unknown> => {
    try {
      const planned = planRequest(definition, source, { filters: values, routeParams });
      const query = new URLSearchParams((planned.query ?? []).map(([k, v]) => [k, v])).toString();
      return await get(`${planned.path}${query ? `?${query}` : ''}`);
    } catch {
      return undefined;
    }
  };
  const mode = readCompareMode(params);
  const figures: Figure[] = [];
  for (const block of blocks) {
    const datum = await read(block.source, filters);
    const moved = mode === undefined ? undefined : comparedFilters(definition, block.source, filters, mode);
    const compared = moved && block.cards.some((card) => usesPeriodComparison(card, mode!)) ? await read(block.source, moved.filters) : undefined;
    for (const card of block.cards) {
      const { value } = cardValue(card, datum, trm);
      const withheld = datum !== undefined && card.right !== undefined && (value === null || value === undefined);
      const figure: Figure = { label: card.label, value: withheld ? mailTexts.withheld : datum === undefined ? mailTexts.unknown : formatValue(card.format, value) };
      if (compared !== undefined && !withheld && datum !== undefined && usesPeriodComparison(card, mode!)) {
        const comparison = periodComparison(card, datum, compared, trm);
        const delta = signed(formatValue(periodDeltaFormat(card), comparison.delta), comparison.delta);
        const percent = comparison.deltaPercent === undefined ? undefined : signed(formatValue('percent', comparison.deltaPercent), comparison.deltaPercent);
        figure.comparison = mailTexts.comparison(texts.periodCompare.modes[mode!], formatValue(card.format, comparison.value), delta, percent);
      }
      figures.push(figure);
    }
  }
  return figures;
}
