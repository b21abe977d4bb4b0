import { describe, expect, it, vi } from 'vitest';
import { reportDefinitionSchema } from '../../schema/reportDefinition.ts';
import { runTransform, transformAnswer, type SourceTransform } from './sourceTransform.ts';
import { TransformError } from './transformError.ts';

const bookings = [
  { ref: 'A1', wayContactName: 'Airbnb', total: '100.50' },
  { ref: 'A2', wayContactName: 'Airbnb', total: 200 },
  { ref: 'W1', wayContactName: 'WhatsApp', total: 50 },
  { ref: 'D1', wayContactName: 'Directo', total: 400 },
  { ref: 'N1', wayContactName: null, total: 10 },
];

const byChannel: SourceTransform = [
  { calculate: "datum.wayContactName ? datum.wayContactName : 'Sin canal'", as: 'channel' },
  { aggregate: [{ op: 'sum', field: 'total', as: 'income' }, { op: 'count', as: 'bookings' }], groupby: ['channel'] },
  { joinaggregate: [{ op: 'sum', field: 'income', as: 'allIncome' }] },
  { window: [{ op: 'row_number', as: 'rank' }], sort: [{ field: 'income', order: 'descending' }] },
];

describe('runTransform (Vega-Lite compiled, run by a headless Vega view)', () => {
  it('groups, sums (numbers written as text too), counts, totals and ranks, ordered by the last window', async () => {
    expect(await runTransform(bookings, byChannel)).toEqual([
      { channel: 'Directo', income: 400, bookings: 1, allIncome: 760.5, rank: 1 },
      { channel: 'Airbnb', income: 300.5, bookings: 2, allIncome: 760.5, rank: 2 },
      { channel: 'WhatsApp', income: 50, bookings: 1, allIncome: 760.5, rank: 3 },
      { channel: 'Sin canal', income: 10, bookings: 1, allIncome: 760.5, rank: 4 },
    ]);
  });

  it('keeps the top N with a window and a filter, and leaves the rows it was handed untouched', async () => {
    const handed = structuredClone(bookings);
    const top = await runTransform(handed, [...byChannel, { filter: 'datum.rank <= 2' }]);
    expect(top.map((row) => row.channel)).toEqual(['Directo', 'Airbnb']);
    expect(handed).toEqual(bookings);
    expect(Object.getOwnPropertySymbols(top[0]!)).toEqual([]);
  });

  it('runs the same compiled transform again over other rows (a new period)', async () => {
    await runTransform(bookings, byChannel);
    expect(await runTransform([{ wayContactName: 'Expedia', total: 7 }], byChannel)).toEqual([
      { channel: 'Expedia', income: 7, bookings: 1, allIncome: 7, rank: 1 },
    ]);
    expect(await runTransform([], byChannel)).toEqual([]);
  });

  it('leaves the definition\'s transforms as written, and Vega-Lite and Vega warn of nothing', async () => {
    const written = structuredClone(byChannel);
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    try {
      await runTransform(bookings, written);
      expect(written).toEqual(byChannel);
      expect([...warn.mock.calls, ...error.mock.calls]).toEqual([]);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('fails as a TransformError, writing nothing to the console, on a function Vega lacks or a row it cannot read', async () => {
    const error = vi.spyOn(console, 'error');
    try {
      await expect(runTransform(bookings, [{ calculate: 'foo(datum.total)', as: 'x' }])).rejects.toThrow(new TransformError('Unrecognized function: foo'));
      await expect(runTransform(bookings, [{ calculate: 'datum.place.name', as: 'x' }])).rejects.toBeInstanceOf(TransformError);
      expect(error.mock.calls).toEqual([]);
    } finally {
      error.mockRestore();
    }
  });

  it('evaluates expressions without eval: a call Vega does not allow fails instead of running', async () => {
    await expect(runTransform(bookings, [{ calculate: "constructor.constructor('return 1')()", as: 'x' }])).rejects.toThrow();
  });
});

describe("transformAnswer (a source's answer as its blocks read it)", () => {
  it('replaces the rows at the source\'s path and keeps the rest of the answer', async () => {
    const source = reportDefinitionSchema.shape.sources.valueType.parse({ path: '/api/v1/report/booking', rows: 'page.items', transform: byChannel });
    const answer = { total: 5, page: { items: bookings, size: 5 } };
    const transformed = (await transformAnswer(answer, source)) as { total: number; page: { items: unknown[]; size: number } };
    expect(transformed.total).toBe(5);
    expect(transformed.page.size).toBe(5);
    expect(transformed.page.items).toHaveLength(4);
    expect(answer.page.items).toBe(bookings);
  });
});
