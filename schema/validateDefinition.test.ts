import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import recaudo from '../reports/gerencia/recaudo.ts';
import posSales from '../reports/pos/sales.ts';
import bookings from '../reports/general/booking.ts';
import comercial from '../reports/general/comercial.ts';
import { validateDefinition } from './validateDefinition.ts';

// An author's mistakes, each made in a copy of a real definition: each gives exactly one issue, at its place, that
// names the wrong name and, where one is close, the right one.
type Mutable = Record<string, any>;
const broken = (definition: object, change: (d: Mutable) => void) => {
  const copy = structuredClone(definition) as Mutable;
  change(copy);
  return copy;
};
const table = (d: Mutable) => d.blocks.find((b: Mutable) => b.kind === 'table');

describe('the issues of a wrong definition', () => {
  it('are none for the real ones', () => {
    expect(validateDefinition(recaudo)).toEqual([]);
    expect(validateDefinition(posSales)).toEqual([]);
  });

  it.each([
    ['an unknown key in a column', (d: Mutable) => { table(d).columns[0].hedaer = 'Ref'; }, '/blocks/3/columns/0', 'unknown key "hedaer" (did you mean "header"?)'],
    ['an unknown key at the top', (d: Mutable) => { d.titel = 'Recaudo'; }, '/', 'unknown key "titel" (did you mean "title"?)'],
    ['a misspelt required key in a filter', (d: Mutable) => { d.filters[1].lookpu = d.filters[1].lookup; delete d.filters[1].lookup; }, '/filters/1', 'unknown key "lookpu" (did you mean "lookup"?)'],
    ['a block kind that does not exist', (d: Mutable) => { table(d).kind = 'tabel'; }, '/blocks/3/kind', '"tabel" is not allowed (did you mean "table"?)'],
    ['a filter kind that does not exist', (d: Mutable) => { d.filters[0].kind = 'mnth'; }, '/filters/0/kind', '"mnth" is not allowed (did you mean "month"?)'],
    ['a misspelt formatter', (d: Mutable) => { d.blocks[0].cards[0].format = 'mony'; }, '/blocks/0/cards/0/format', '"mony" is not allowed (did you mean "money"?)'],
    ['a default sort on a field no column has', (d: Mutable) => { table(d).defaultSort.field = 'dateStrat'; }, '/blocks/3/defaultSort/field', 'no sortable column of this table has "dateStrat" (did you mean "dateStart"?)'],
    ['a default sort on a column that is not sortable', (d: Mutable) => { table(d).columns.find((c: Mutable) => c.field === 'dateStart').sortable = false; }, '/blocks/3/defaultSort/field', 'the column of "dateStart" is not sortable'],
    ['a broken expression in a column', (d: Mutable) => { table(d).columns[1] = { header: 'Noches', value: 'datum.nights *', format: 'integer' }; }, '/blocks/3/columns/1/value', 'expression "datum.nights *": does not parse: Unexpected end of input'],
    ['an unknown function in a column', (d: Mutable) => { table(d).columns[1] = { header: 'Ref', value: 'uper(datum.ref)' }; }, '/blocks/3/columns/1/value', 'expression "uper(datum.ref)": unknown function "uper"'],
    ['a misspelt name in a card', (d: Mutable) => { d.blocks[0].cards[0] = { label: 'USD', value: 'datum.data.total / trn', help: 'USD = total / TRM' }; }, '/blocks/0/cards/0/value', 'expression "datum.data.total / trn": unknown name "trn" (did you mean "trm"?)'],
    ['a misspelt source', (d: Mutable) => { d.blocks[1].source = 'potencial'; }, '/blocks/1/source', 'unknown source "potencial" (did you mean "potential"?)'],
  ])('%s: one issue naming it', (_mistake, change, path, message) => {
    expect(validateDefinition(broken(recaudo, change))).toEqual([{ path, message }]);
  });

  it('are all given at once, schema and cross-references together', () => {
    const twoMistakes = broken(recaudo, (d) => {
      table(d).columns[0].hedaer = 'Ref';
      table(d).defaultSort.field = 'dateStrat';
    });
    expect(validateDefinition(twoMistakes).map((issue) => issue.path)).toEqual(['/blocks/3/columns/0', '/blocks/3/defaultSort/field']);
  });

  it('check the expressions of every card and of expanded rows', () => {
    const card = broken(posSales, (d) => {
      d.blocks.flatMap((b: Mutable) => b.cards ?? []).find((c: Mutable) => c.label === 'Total cobrado').value = 'datum.data.acumApp + ';
    });
    expect(validateDefinition(card)).toEqual([{ path: expect.stringMatching(/^\/blocks\/\d+\/cards\/\d+\/value$/), message: expect.stringMatching(/^expression "datum\.data\.acumApp \+ ": does not parse/) }]);
    const expanded = broken(recaudo, (d) => { table(d).expand = { rows: 'monthTotals', columns: [{ header: 'Total', value: 'sum(datum.total)' }] }; });
    expect(validateDefinition(expanded)).toEqual([{ path: '/blocks/3/expand/columns/0/value', message: 'expression "sum(datum.total)": unknown function "sum"' }]);
  });
});

describe('the nested rows of a source of their own (expand.source)', () => {
  const rooms = (d: Mutable) => d.blocks[1].fromData.blocks[1];
  const at = '/blocks/1/fromData/blocks/1/expand';

  it('are none for Comercial', () => {
    expect(validateDefinition(comercial)).toEqual([]);
  });

  it.each([
    ['a misspelt source', (d: Mutable) => { rooms(d).expand.source = 'roomBooking'; }, `${at}/source`, 'unknown source "roomBooking" (did you mean "roomBookings"?)'],
    ['a row field the rooms lack', (d: Mutable) => { rooms(d).expand.params.place = 'id'; }, `${at}/params/place`, expect.stringMatching(/^field "id" is not in the rows "data\.rooms" of \/api\/v1\/report\/booking\/comercial; did you mean `_id`\?/)],
    ['nested rows the source does not answer', (d: Mutable) => { rooms(d).expand.rows = 'bookings'; }, `${at}/rows`, expect.stringMatching(/^rows "bookings" is not in the answer of \/api\/v1\/report\/booking\/comercial/)],
    ['params without a source', (d: Mutable) => { delete rooms(d).expand.source; rooms(d).expand.rows = 'bookings'; }, `${at}/params`, '`params` are sent to `source`: name the source'],
  ])('%s: one issue naming it', (_mistake, change, path, message) => {
    expect(validateDefinition(broken(comercial, change))).toEqual([{ path, message }]);
  });
});

describe('npm run validate', () => {
  const folder = mkdtempSync(join(tmpdir(), 'mirador-validate-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('prints one line per mistake naming the file, the path and the wrong name, and exits 1', async () => {
    writeFileSync(join(folder, 'good.ts'), `export default ${JSON.stringify(posSales)};\n`);
    // Reservas, which Recaudo's nationalities drill to: a drill's route must be among the definitions validated.
    writeFileSync(join(folder, 'target.ts'), `export default ${JSON.stringify(bookings)};\n`);
    writeFileSync(join(folder, 'wrong.ts'), `export default ${JSON.stringify(broken(recaudo, (d) => { table(d).columns[0].hedaer = 'Ref'; }))};\n`);
    writeFileSync(join(folder, 'unloadable.ts'), 'export default {\n');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/validate.ts', folder]);
    const failure = await run.then(() => undefined, (error: { code: number; stdout: string; stderr: string }) => error);
    expect(failure?.code).toBe(1);
    const lines = failure!.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^${folder}/unloadable\\.ts: /: the file does not load`));
    expect(lines[1]).toBe(`${folder}/wrong.ts: /blocks/3/columns/0: unknown key "hedaer" (did you mean "header"?)`);
    expect(failure!.stdout).toBe('4 definitions, 2 problems\n');
  });
});
