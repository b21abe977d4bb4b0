import { describe, expect, it } from 'vitest';
import { reportDefinitionSchema, type ReportDefinitionInput } from './reportDefinition.ts';
import { validateDefinition } from './validateDefinition.ts';
import { transformedFields, type VegaLiteTransform } from './vegaLiteTransform.ts';

/** A definition whose one source runs `transform` (and pages as `paging` says). */
const withTransform = (transform: unknown[], paging: { mode: 'none' | 'server' } = { mode: 'none' }) =>
  ({
    id: 'general-example',
    route: '/general/example',
    title: 'Ejemplo',
    sources: { rows: { path: '/api/v1/report/booking', paging, transform } },
    blocks: [{ kind: 'table', source: 'rows', columns: [{ field: 'wayContactName', header: 'Canal' }] }],
  }) as unknown as ReportDefinitionInput;

const grouping = [
  { aggregate: [{ op: 'sum', field: 'total', as: 'income' }], groupby: ['wayContactName'] },
  { joinaggregate: [{ op: 'sum', field: 'income', as: 'all' }] },
  { window: [{ op: 'row_number', as: 'rank' }], sort: [{ field: 'income', order: 'descending' }] },
  { calculate: 'datum.income / datum.all', as: 'share' },
  { filter: 'datum.rank <= 5' },
  { filter: { field: 'wayContactName', oneOf: ['Airbnb', 'WhatsApp'] } },
];

describe("a source's Vega-Lite transforms", () => {
  it('are accepted by zod and by ajv when Vega-Lite would accept them', () => {
    expect(validateDefinition(withTransform(grouping))).toEqual([]);
    expect(reportDefinitionSchema.safeParse(withTransform(grouping)).success).toBe(true);
  });

  it("are checked by Vega-Lite's own JSON Schema, each mistake one line at its own path", () => {
    const at = (transform: unknown[]) => validateDefinition(withTransform(transform));
    expect(at([{ aggregate: [{ op: 'summ', field: 'total', as: 'income' }], groupby: ['channel'] }])).toEqual([
      { path: '/sources/rows/transform/0/aggregate/0/op', message: '"summ" is not allowed (did you mean "sum"?)' },
    ]);
    expect(at([{ aggregate: [{ op: 'sum', field: 'total', as: 'income' }], groupBy: ['channel'] }])).toEqual([
      { path: '/sources/rows/transform/0', message: 'unknown key "groupBy" (did you mean "groupby"?)' },
    ]);
    expect(at([{ calculate: 'datum.total * 2' }])).toEqual([{ path: '/sources/rows/transform/0', message: 'missing key "as"' }]);
    expect(at([{ calculat: 'datum.total * 2' }])).toEqual([
      { path: '/sources/rows/transform/0', message: 'unknown key "calculat" (did you mean "calculate"?)' },
    ]);
  });

  it('have their expressions parsed', () => {
    expect(validateDefinition(withTransform([{ calculate: 'datum.total * (2', as: 'x' }, { filter: 'datum.x >' }]))).toEqual([
      { path: '/sources/rows/transform/0/calculate', message: expect.stringMatching(/^expression "datum.total \* \(2": does not parse/) },
      { path: '/sources/rows/transform/1/filter', message: expect.stringMatching(/^expression "datum.x >": does not parse/) },
    ]);
  });

  it('refuses a transform Vega-Lite has that a definition may not use, and one of no known kind, in both validators', () => {
    for (const step of [{ fold: ['a', 'b'] }, { agregate: [] }, { calculate: 'datum.a', as: 'b', filter: 'datum.b' }]) {
      expect(validateDefinition(withTransform([step])).length).toBeGreaterThan(0);
      expect(reportDefinitionSchema.safeParse(withTransform([step])).success).toBe(false);
    }
  });

  it('need every row: a server-paged source with a transform is refused', () => {
    expect(validateDefinition(withTransform(grouping, { mode: 'server' }))).toContainEqual(
      expect.objectContaining({ path: '/sources/rows/paging/mode' }),
    );
    const parsed = reportDefinitionSchema.safeParse(withTransform(grouping, { mode: 'server' }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['sources', 'rows', 'paging'] });
  });
});

describe('transformedFields (what the blocks of a transformed source may read, without running it)', () => {
  it('follows each step: an aggregate keeps its groups and names; the others add theirs', () => {
    expect(transformedFields(grouping as VegaLiteTransform[], ['ref', 'wayContactName', 'total'])).toEqual(['wayContactName', 'income', 'all', 'rank', 'share']);
    expect(transformedFields([{ calculate: 'datum.total * 2', as: 'twice' }, { filter: 'datum.twice > 0' }], ['ref', 'total'])).toEqual(['ref', 'total', 'twice']);
  });
});
