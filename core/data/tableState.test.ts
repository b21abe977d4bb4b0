import { describe, expect, it } from 'vitest';
import { captureView, readTableState, writeTableState } from '../report/urlState.ts';
import { testDefinition } from '../filters/testDefinition.ts';
import { arrangeColumns, columnKeys, fullLayout, keptLayout } from './tableState.ts';

// A table's columns: two share a field (so they go by their place), one is computed (no field).
const columns = [
  { field: 'ref', header: 'Reserva' },
  { field: 'user.name', header: 'Cliente' },
  { field: 'total', header: 'Total' },
  { field: 'total', header: 'Total USD' },
  { header: 'Noches', value: 'nights' },
];
const headers = (list: ReadonlyArray<{ header: string }>) => list.map((column) => column.header);
const tableDefaults = { page: 1, pageSize: 50, sort: [], search: '' };

describe('a person\'s columns', () => {
  it('go by their field, or by their place where the field is shared or missing', () => {
    expect(columnKeys(columns)).toEqual(['ref', 'user.name', 'c2', 'c3', 'c4']);
  });

  it('show in the layout\'s order, hidden ones left out, unknown keys ignored, unnamed ones last', () => {
    const layout = [
      { key: 'c4', shown: true },
      { key: 'gone', shown: true },
      { key: 'ref', shown: false },
      { key: 'c2', shown: true },
      { key: 'c4', shown: false },
    ];
    expect(headers(arrangeColumns(columns, layout))).toEqual(['Noches', 'Total', 'Cliente', 'Total USD']);
    expect(fullLayout(columns, layout)).toEqual([
      { key: 'c4', shown: true },
      { key: 'ref', shown: false },
      { key: 'c2', shown: true },
      { key: 'user.name', shown: true },
      { key: 'c3', shown: true },
    ]);
  });

  it('always keep one column shown: a layout hiding them all hides none', () => {
    const layout = columnKeys(columns).map((key) => ({ key, shown: false }));
    expect(headers(arrangeColumns(columns, layout))).toEqual(headers(columns));
    expect(fullLayout(columns, layout).every((entry) => entry.shown)).toBe(true);
  });

  it('are the definition\'s when every column is shown in its order: nothing is kept', () => {
    expect(keptLayout(columns, columnKeys(columns).map((key) => ({ key, shown: true })))).toBeUndefined();
    expect(keptLayout(columns, [{ key: 'ref', shown: true }])).toBeUndefined();
    expect(keptLayout(columns, undefined)).toBeUndefined();
    expect(keptLayout(columns, [{ key: 'user.name', shown: true }])?.map((entry) => entry.key)).toEqual(['user.name', 'ref', 'c2', 'c3', 'c4']);
  });
});

describe('a person\'s columns in the URL', () => {
  it('round-trip under the table\'s prefix, a hidden column after `-`', () => {
    const layout = fullLayout(columns, [{ key: 'c2', shown: true }, { key: 'ref', shown: false }]);
    const params = writeTableState(new URLSearchParams('year=2024'), [1, 0, 2], { ...tableDefaults, columns: layout }, tableDefaults);
    expect(params.toString()).toBe('year=2024&t1-0-2.cols=c2%2C-ref%2Cuser.name%2Cc3%2Cc4');
    const read = readTableState(params, [1, 0, 2], tableDefaults);
    expect(read.columns).toEqual(layout);
    expect(headers(arrangeColumns(columns, read.columns))).toEqual(['Total', 'Cliente', 'Total USD', 'Noches']);
  });

  it('write nothing for the definition\'s columns, and take a link\'s unknown keys without harm', () => {
    expect(writeTableState(new URLSearchParams(), [0], { ...tableDefaults, columns: keptLayout(columns, fullLayout(columns, undefined)) }, tableDefaults).toString()).toBe('');
    // Back to the definition's: the key goes.
    expect(writeTableState(new URLSearchParams('t0.cols=-ref'), [0], tableDefaults, tableDefaults).toString()).toBe('');
    const read = readTableState(new URLSearchParams('t0.cols=zzz,-nope,,-,total'), [0], tableDefaults);
    expect(headers(arrangeColumns(columns, read.columns))).toEqual(headers(columns));
    expect(readTableState(new URLSearchParams('t0.cols='), [0], tableDefaults).columns).toBeUndefined();
  });

  it('are kept by a saved view, as the rest of the table\'s state', () => {
    const definition = testDefinition({ filters: [{ id: 'status', kind: 'multiSelect', options: 'bookingStatus', label: 'Estado' }] });
    const view = captureView(definition, new URLSearchParams('status=confirmed&t0.page=3&t0.cols=total,-ref'));
    expect(view).toEqual({ filters: [['status', 'confirmed']], params: [['t0.cols', 'total,-ref']] });
  });
});
