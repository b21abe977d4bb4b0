import { describe, expect, it } from 'vitest';
import { definitionFiles, displayPath, loadDefinitionFile } from '../loadDefinitionFiles.ts';
import type { BlockInput, ReportDefinitionInput } from '../reportDefinition.ts';
import { checkFieldPaths } from './checkPaths.ts';

const files = definitionFiles();
const load = async (file: string) => structuredClone((await loadDefinitionFile(`reports/${file}`)) as ReportDefinitionInput);
const blockOf = <K extends BlockInput['kind']>(definition: ReportDefinitionInput, kind: K, source: string) =>
  definition.blocks.find((b): b is Extract<BlockInput, { kind: K }> => b.kind === kind && 'source' in b && b.source === source)!;

describe('checkFieldPaths', () => {
  it.each(files.map(displayPath))('finds every field path of %s in its routes\' answers', async (file) => {
    expect(checkFieldPaths((await loadDefinitionFile(file)) as ReportDefinitionInput)).toEqual([]);
  });

  it('names a card path that is not in the answer, and the one meant', async () => {
    const dashboard = await load('dashboard.ts');
    const cards = blockOf(dashboard, 'cards', 'dashboard');
    const at = cards.cards.findIndex((card) => card.field === 'data.occupiedRooms');
    cards.cards[at]!.field = 'data.ocupiedRooms';
    expect(checkFieldPaths(dashboard)).toEqual([
      {
        path: `/blocks/${dashboard.blocks.indexOf(cards)}/cards/${at}/field`,
        message: 'field "data.ocupiedRooms" is not in the answer of /api/v1/report/dashboard; did you mean `data.occupiedRooms`?',
      },
    ]);
  });

  it('reads a transformed source\'s grouped rows: a field its transforms do not make is named, with the one meant', async () => {
    const channels = await load('general/incomeByChannel.ts');
    const table = blockOf(channels, 'table', 'channels');
    const at = table.columns.findIndex((column) => column.field === 'income');
    table.columns[at]!.field = 'incom';
    expect(checkFieldPaths(channels)).toEqual([
      {
        path: `/blocks/${channels.blocks.indexOf(table)}/columns/${at}/field`,
        message: 'field "incom" is not in the rows "data" of /api/v1/report/booking (transformed); did you mean `income`?',
      },
    ]);
    // A field of the answered rows that the grouping drops is not there either.
    table.columns[at]!.field = 'wayContactName';
    expect(checkFieldPaths(channels).map((issue) => issue.message)).toEqual([
      expect.stringMatching(/^field "wayContactName" is not in the rows "data" of \/api\/v1\/report\/booking \(transformed\)/),
    ]);
  });

  it('names a field a transform step reads that the rows it is given lack', async () => {
    const channels = await load('general/incomeByChannel.ts');
    const steps = channels.sources!.channels!.transform as { aggregate?: { field?: string }[] }[];
    const at = steps.findIndex((step) => step.aggregate);
    steps[at]!.aggregate![0]!.field = 'totl';
    expect(checkFieldPaths(channels)).toEqual([
      {
        path: `/sources/channels/transform/${at}/aggregate/0/field`,
        message: 'field "totl" is not in the rows this step is given (/api/v1/report/booking, then the steps before); did you mean `total`?',
      },
    ]);
  });

  it('names a chart category that the rows do not have', async () => {
    const recaudo = await load('gerencia/recaudo.ts');
    const chart = blockOf(recaudo, 'chart', 'nationalities');
    chart.category = 'nacionality';
    expect(checkFieldPaths(recaudo)).toEqual([
      {
        path: `/blocks/${recaudo.blocks.indexOf(chart)}/category`,
        message: 'field "nacionality" is not in the rows "data" of /api/v1/report/booking/recaudoNationalities; did you mean `nationality`?',
      },
    ]);
  });

  it('names a misspelt column field, nested or not', async () => {
    const booking = await load('general/booking.ts');
    const table = blockOf(booking, 'table', 'bookings');
    const at = table.columns.findIndex((column) => column.field === 'place.name');
    table.columns[at]!.field = 'place.nmae';
    expect(checkFieldPaths(booking)).toEqual([
      {
        path: `/blocks/${booking.blocks.indexOf(table)}/columns/${at}/field`,
        message: 'field "place.nmae" is not in the rows "data" of /api/v1/report/booking; did you mean `place.name`?',
      },
    ]);
  });

  it('names a default sort on a field the rows do not have', async () => {
    const booking = await load('general/booking.ts');
    const table = blockOf(booking, 'table', 'bookings');
    table.defaultSort = { field: 'dateStrat', desc: true };
    expect(checkFieldPaths(booking)).toEqual([
      {
        path: `/blocks/${booking.blocks.indexOf(table)}/defaultSort/field`,
        message: 'field "dateStrat" is not in the rows "data" of /api/v1/report/booking; did you mean `dateStart`?',
      },
    ]);
  });

  it('follows a data tab\'s elements, the rows a row expands to in its source\'s answer and the lines a row holds', async () => {
    const comercial = await load('general/comercial.ts');
    const tabs = comercial.blocks.findIndex((b) => b.kind === 'tabs' && b.fromData?.source === 'comercial');
    const { fromData } = comercial.blocks[tabs] as Extract<BlockInput, { kind: 'tabs' }>;
    const table = fromData!.blocks.findIndex((b) => b.kind === 'table');
    const { expand, export: file } = fromData!.blocks[table] as Extract<BlockInput, { kind: 'table' }>;
    expand!.rowClick!.key = 'rfe';
    file!.lines!.columns = [{ field: 'totalInPeriodo', header: 'Ventas en el periodo' }];
    expect(checkFieldPaths(comercial)).toEqual([
      {
        path: `/blocks/${tabs}/fromData/blocks/${table}/expand/rowClick/key`,
        message: 'field "rfe" is not in the rows "data" of /api/v1/report/booking/comercial; did you mean `ref`?',
      },
      {
        path: `/blocks/${tabs}/fromData/blocks/${table}/export/lines/columns/0/field`,
        message: 'field "totalInPeriodo" is not in the rows "data.rooms.bookings" of /api/v1/report/booking/comercial; did you mean `totalInPeriod`?',
      },
    ]);
  });

  it('names a source path that no route answers, and the route meant', async () => {
    const booking = await load('general/booking.ts');
    booking.sources.bookings!.path = '/api/v1/report/bokings';
    expect(checkFieldPaths(booking)).toEqual([
      { path: '/sources/bookings/path', message: 'no API route answers GET /api/v1/report/bokings; did you mean `/api/v1/report/booking`?' },
    ]);
  });

  it('names rows the answer does not have, listing its fields when none is close, and rows that are no list', async () => {
    const recaudo = await load('gerencia/recaudo.ts');
    const chart = blockOf(recaudo, 'chart', 'nationalities');
    const at = `/blocks/${recaudo.blocks.indexOf(chart)}/rows`;
    chart.rows = 'zzz';
    expect(checkFieldPaths(recaudo)).toEqual([
      { path: at, message: 'rows "zzz" is not in the answer of /api/v1/report/booking/recaudoNationalities; it has `data`' },
    ]);
    chart.rows = 'data.nationality';
    expect(checkFieldPaths(recaudo)).toEqual([
      { path: at, message: 'rows "data.nationality" of the answer of /api/v1/report/booking/recaudoNationalities is not a list' },
    ]);
  });
});
