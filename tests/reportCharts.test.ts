import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardValue } from '../core/report/cardValue.ts';
import { chartRows, type ChartBlock, type ChartRow } from '../engine/charts/chartRows.ts';
import { chartSpec } from '../engine/charts/chartSpec.ts';
import { drawChart } from '../engine/charts/testing/chartView.ts';
import { formatValue } from '../core/format.ts';
import { getPath } from '../core/paths.ts';
import { firstRouteParams, planRequest } from '../core/data/planRequest.ts';
import { transformAnswer } from '../core/data/sourceTransform.ts';
import { readRows } from '../core/data/sourceRows.ts';
import { defaultFilterValues } from '../core/filters/defaults.ts';
import type { FilterValues } from '../core/filters/filterValues.ts';
import { texts } from '../engine/texts.ts';
import { definitionFiles, loadDefinitionFile } from '../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema, type Block, type ReportDefinition, type TableBlock } from '../schema/reportDefinition.ts';
import { startTestServer, testToday, type TestServer } from './support/testServer.ts';

// Every chart of the corpus, drawn headless by vega from the real API's answer, reads as the screen means it.
const definitions: ReportDefinition[] = await Promise.all(
  definitionFiles().map(async (file) => reportDefinitionSchema.parse(await loadDefinitionFile(file))),
);
const byId = (id: string) => definitions.find((d) => d.id === id)!;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The definition with its date filter opening on the whole current month (a month of products, not a day). */
const overAMonth = (definition: ReportDefinition): ReportDefinition => ({
  ...definition,
  filters: definition.filters.map((filter) => (filter.kind === 'date' && filter.default === 'today' ? { ...filter, default: 'currentMonth' } : filter)),
});

async function answerOf(definition: ReportDefinition, sourceId: string, filters: FilterValues = {}): Promise<unknown> {
  const applied = { ...defaultFilterValues(definition, { today: testToday }), ...filters };
  const request = planRequest(definition, sourceId, { filters: applied, routeParams: firstRouteParams(definition) });
  const query = new URLSearchParams(request.query as Array<[string, string]>).toString();
  const res = await server.get(`${request.path}${query ? `?${query}` : ''}`);
  expect(res.statusCode, `${request.path}: ${res.body.slice(0, 300)}`).toBe(200);
  // The blocks read a transformed source's rows as the screen does: after its Vega-Lite transforms.
  return transformAnswer(res.json(), definition.sources[sourceId]!);
}

/** Each chart with the rows it draws: from the answer, or from each element of a data tab over it. */
async function chartsOf(definition: ReportDefinition): Promise<Array<{ block: ChartBlock; rows: ChartRow[] }>> {
  const found: Array<{ block: ChartBlock; rows: ChartRow[] }> = [];
  const answers = new Map<string, unknown>();
  const answer = async (sourceId: string) => {
    if (!answers.has(sourceId)) answers.set(sourceId, await answerOf(definition, sourceId));
    return answers.get(sourceId);
  };
  const visit = async (blocks: readonly Block[], scopedDatum?: unknown) => {
    for (const block of blocks) {
      if (block.kind === 'chart') {
        const datum = scopedDatum ?? (await answer(block.source));
        found.push({ block, rows: chartRows(block, datum, definition.sources[block.source], scopedDatum !== undefined) });
      }
      if (block.kind !== 'tabs') continue;
      for (const tab of block.tabs ?? []) await visit(tab.blocks, scopedDatum);
      if (block.fromData) {
        for (const element of readRows(await answer(block.fromData.source), block.fromData.rows)) await visit(block.fromData.blocks, element);
      }
    }
  };
  await visit(definition.blocks);
  return found;
}

/** "Otros (N)" and the number N it groups. */
const othersCount = (category: unknown) => /^Otros \((\d+)\)$/.exec(String(category))?.[1];
/** The note under grouped bars, "Otros (N): value", as the category and the value's text. */
const othersNote = (title: string) => /^(Otros \(\d+\)): (.+)$/.exec(title);

async function expectReadable(block: ChartBlock, rows: ChartRow[], where: string) {
  const drawn = await drawChart(chartSpec(block, rows), 300);
  const pie = block.chart === 'pie' || block.chart === 'doughnut';
  if (pie && rows.every((row) => row.value === 0)) {
    expect(drawn.texts, where).toEqual([texts.report.chartEmpty]);
    return;
  }
  // Every category is drawn (in the legend of a pie), or counted in "Otros (N)" with the sum of what it groups.
  const shown = new Set(pie ? drawn.legendLabels : drawn.marks.map((mark) => String(mark.category)));
  const missing = rows.filter((row) => !shown.has(row.category));
  const note = drawn.titles.map(othersNote).find((match) => match !== null);
  const others = note ? { category: note[1], label: note[2] } : drawn.marks.find((mark) => othersCount(mark.category) !== undefined);
  if (missing.length > 0) {
    expect(others, `${where}: ${missing.map((row) => row.category).join(', ')}`).toBeDefined();
    expect(Number(othersCount(others!.category)), where).toBe(missing.length);
    expect(others!.label, where).toBe(formatValue(block.format, missing.reduce((sum, row) => sum + row.value, 0)));
    if (pie) expect(drawn.legendLabels, where).toContain(String(others!.category));
  }
  expect(drawn.legendLabelsOutside, where).toEqual([]);
  if (block.format === 'integer') {
    const ticks = drawn.axisLabels.filter((label) => /^-?[\d,]+(\.\d+)?$/.test(label));
    const categories = new Set(rows.map((row) => row.category));
    const valueTicks = ticks.filter((tick) => !categories.has(tick));
    expect(valueTicks.every((tick) => Number.isInteger(Number(tick.replaceAll(',', '')))), `${where}: ${valueTicks.join(' ')}`).toBe(true);
    expect(new Set(valueTicks).size, `${where}: ${valueTicks.join(' ')}`).toBe(valueTicks.length);
  }
}

describe.each(definitions.filter((d) => JSON.stringify(d.blocks).includes('"kind":"chart"')).map((d) => [d.id, d] as const))('%s', (id, definition) => {
  it('draws every category of each chart, or says how many it groups as "Otros", with whole-number ticks for counts', async () => {
    for (const { block, rows } of await chartsOf(definition)) await expectReadable(block, rows, `${id} › ${block.title ?? block.category}`);
  });
});

describe('charts over a month of the test data', () => {
  it.each(['pos-popularity', 'pos-gift', 'gerencia-pos', 'gerencia-performance'])('%s reads over a whole month', async (id) => {
    const charts = await chartsOf(overAMonth(byId(id)));
    expect(charts.length).toBeGreaterThan(0);
    for (const { block, rows } of charts) await expectReadable(block, rows, `${id} › ${block.title}`);
  });

  it('gives popularity more products than bars, and notes the rest as "Otros (N)"', async () => {
    const { block, rows } = (await chartsOf(overAMonth(byId('pos-popularity'))))[0]!;
    expect(rows.length).toBeGreaterThan(15);
    const drawn = await drawChart(chartSpec(block, rows), 600);
    expect(drawn.marks).toHaveLength(15);
    expect(drawn.titles).toEqual([expect.stringMatching(new RegExp(`^Otros \\(${rows.length - 15}\\): \\d+$`))]);
  });

  it('keeps every payment method of the management doughnut in its legend', async () => {
    const charts = await chartsOf(overAMonth(byId('gerencia-pos')));
    const { block, rows } = charts.find(({ block }) => block.chart === 'doughnut')!;
    const drawn = await drawChart(chartSpec(block, rows), 300);
    expect(drawn.legendLabels).toEqual(rows.map((row) => row.category));
    expect(drawn.legendLabelsOutside).toEqual([]);
  });
});

describe('KPI POS (tiempos)', () => {
  /** The minutes range a label states: "≤ 10 min", "> 10 y ≤ 30 min", "> 40 min". */
  const statedRange = (label: string) => {
    const match = /^(?:> (\d+))?(?: y )?(?:≤ (\d+))? min$/.exec(label);
    if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
    const above = match[1] === undefined ? -Infinity : Number(match[1]);
    const upTo = match[2] === undefined ? Infinity : Number(match[2]);
    return (minutes: number) => minutes > above && minutes <= upTo;
  };
  const fixedDecimals = /^-?[\d,]+\.\d{2}$/;

  it('shows fixed decimals, and counts each order in the range its label states for the minutes the table shows', async () => {
    const definition = overAMonth(byId('pos-status'));
    const answer = await answerOf(definition, 'times');
    const cards = definition.blocks.find((b) => b.kind === 'cards')!;
    const table = definition.blocks.find((b): b is TableBlock => b.kind === 'table')!;
    const chart = definition.blocks.find((b): b is ChartBlock => b.kind === 'chart')!;
    const timeColumns = table.columns.filter((column) => /min\)$/.test(column.header));

    const shownCards = cards.kind === 'cards' ? cards.cards.map((card) => formatValue(card.format, cardValue(card, answer, undefined).value)) : [];
    expect(shownCards).toHaveLength(4);
    for (const shown of shownCards) expect(shown).toMatch(fixedDecimals);

    const rows = readRows(answer, 'data');
    expect(rows.length).toBeGreaterThan(10);
    const shownTotal = rows.map((row) => formatValue(timeColumns.at(-1)!.format, getPath(row, 'time4')));
    for (const row of rows) for (const column of timeColumns) {
      const raw = getPath(row, column.field);
      if (raw !== null) expect(formatValue(column.format, raw), column.header).toMatch(fixedDecimals);
    }

    const bars = chartRows(chart, answer, definition.sources.times);
    const ranges = bars.map((bar) => [bar, statedRange(bar.category)] as const);
    expect(ranges.filter(([, range]) => range === undefined).map(([bar]) => bar.category)).toEqual([]);
    for (const [bar, range] of ranges) {
      expect(bar.value, bar.category).toBe(shownTotal.filter((shown) => range!(Number(shown.replaceAll(',', '')))).length);
    }
    expect(ranges.filter(([, range]) => range!(10.28)).map(([bar]) => bar.category)).toEqual(['> 10 y ≤ 30 min']);
  });
});

describe('Inventario / margen bruto', () => {
  it('shows "—" for CMV % of courtesies alone (no income, some cost), and cost / income otherwise', async () => {
    const definition = byId('gerencia-performance');
    const card = definition.blocks.flatMap((b) => (b.kind === 'cards' ? b.cards : [])).find((c) => c.label === 'CMV %')!;
    const gifts = await answerOf(definition, 'products', { gift: true });
    expect(getPath(gifts, 'totalPrice')).toBe(0);
    expect(getPath(gifts, 'totalCost')).toBeGreaterThan(0);
    expect(formatValue(card.format, cardValue(card, gifts, undefined).value)).toBe('—');

    const sold = await answerOf(definition, 'products', { gift: false });
    const expected = ((getPath(sold, 'totalCost') as number) / (getPath(sold, 'totalPrice') as number)) * 100;
    expect(formatValue(card.format, cardValue(card, sold, undefined).value)).toBe(`${expected.toFixed(2)}%`);
  });
});

describe('Recaudo', () => {
  it('draws "Potencial vs real" over the same period as the cards: with month "Ninguna", every night of the filtered bookings', async () => {
    const definition = byId('gerencia-recaudo');
    const block = definition.blocks.find((b): b is ChartBlock => b.kind === 'chart' && b.title === 'Potencial vs real')!;
    const everyMonth = { month: null };
    const answer = await answerOf(definition, 'potential', everyMonth);
    const real = chartRows(block, answer, definition.sources.potential).filter((row) => row.series === 'Real');
    const cards = await answerOf(definition, 'statistics', everyMonth);
    // The default statuses and real bookings only, as the screen opens; every night they have.
    const [all] = await server.db.query<{ from: string; to: string; amount: number }>(`
      SELECT to_char(min(r.date), 'YYYY-MM-DD') AS "from", to_char(max(r.date), 'YYYY-MM-DD') AS "to", sum(r.total_rate)::float AS amount
        FROM booking_rates r JOIN bookings b ON b.id = r.booking_id
       WHERE b.status IN ('checked_in', 'checked_out', 'confirmed', 'not_confirmed') AND NOT b.is_virtual`);
    const byTypology = await server.db.query<{ name: string; amount: number }>(`
      SELECT t.name, coalesce(sum(r.total_rate), 0)::float AS amount
        FROM typologies t JOIN places p ON p.typology_id = t.id AND NOT p.is_space AND NOT p.deleted
        LEFT JOIN bookings b ON b.place_id = p.id AND b.status IN ('checked_in', 'checked_out', 'confirmed', 'not_confirmed') AND NOT b.is_virtual
        LEFT JOIN booking_rates r ON r.booking_id = b.id
       GROUP BY t.id, t.name ORDER BY t.name, t.id`);
    expect(getPath(answer, 'dateStart')).toBe(all!.from);
    expect(getPath(answer, 'dateEnd')).toBe(all!.to);
    expect(real.map((row) => [row.category, row.value])).toEqual(byTypology.map((t) => [t.name, t.amount]));
    expect(real.reduce((sum, row) => sum + row.value, 0)).toBeCloseTo(getPath(cards, 'data.totalRates') as number, 2);
    expect(getPath(cards, 'data.totalRates')).toBeCloseTo(all!.amount, 2);
    // A month still draws that month alone.
    const month = await answerOf(definition, 'potential');
    expect([getPath(month, 'dateStart'), getPath(month, 'dateEnd')]).toEqual([`${testToday.slice(0, 7)}-01`, '2026-03-31']);
  });
});

describe('Ingresos por canal de contacto (grouped by its definition\'s Vega-Lite transforms)', () => {
  it('shows, in its cards, chart and table, the income and bookings per channel that SQL sums over the same period', async () => {
    const definition = byId('general-income-by-channel');
    const answer = await answerOf(definition, 'channels');
    const [year, month] = testToday.split('-').map(Number) as [number, number];
    const from = `${testToday.slice(0, 7)}-01`;
    const to = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const statuses = defaultFilterValues(definition, { today: testToday }).status;
    const expected = await server.db.query<{ channel: string; income: string; bookings: number }>(
      `SELECT coalesce(nullif(way_contact_name, ''), 'Sin canal') AS channel, sum(total)::text AS income, count(*)::int AS bookings
         FROM bookings
        WHERE date_start BETWEEN $1::date AND $2::date AND status = ANY($3::text[])
        GROUP BY 1
        ORDER BY sum(total) DESC, 1`,
      [from, to, statuses],
    );
    expect(expected.length).toBeGreaterThan(2);
    const money = (value: unknown) => formatValue('money', value);

    const table = definition.blocks.find((b): b is TableBlock => b.kind === 'table')!;
    const rows = readRows(answer, 'data');
    const shown = rows.map((row) => Object.fromEntries(table.columns.map((column) => [column.header, formatValue(column.format, getPath(row, column.field))])));
    expect(shown.map((row) => [row['Canal de contacto'], row['Reservas'], row['Ingresos']])).toEqual(
      expected.map((row) => [row.channel, formatValue('integer', row.bookings), money(row.income)]),
    );
    const sqlTotal = expected.reduce((sum, row) => sum + Number(row.income), 0);
    const shares = rows.map((row) => getPath(row, 'share') as number);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBeCloseTo(100, 6);

    const cards = definition.blocks.flatMap((b) => (b.kind === 'cards' ? b.cards : []));
    expect(cards.map((card) => formatValue(card.format, cardValue(card, answer, undefined).value))).toEqual([
      money(sqlTotal),
      formatValue('integer', expected.reduce((sum, row) => sum + row.bookings, 0)),
    ]);

    const chart = definition.blocks.find((b): b is ChartBlock => b.kind === 'chart')!;
    const bars = chartRows(chart, answer, definition.sources.channels);
    expect(bars.map((bar) => [bar.category, bar.label])).toEqual(expected.map((row) => [row.channel, money(row.income)]));
    const drawn = await drawChart(chartSpec(chart, bars), 600);
    expect(drawn.marks.map((mark) => mark.category)).toEqual(expected.map((row) => row.channel));
  });
});
