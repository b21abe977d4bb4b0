import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db.ts';
import { openTestDb } from '../../tests/support/testServer.ts';
import { rowShapeText, type JsonPairs, type RowShape } from './bookingList.ts';

// A list row's compact JSON text says what json_build_object says of the same values, without its blanks.

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const shape: RowShape = {
  _id: 'v.id',
  text: 'v.text',
  amount: 'v.amount',
  day: 'v.day',
  at: 'v.at',
  flag: 'v.flag',
  place: { null: 'v.place_id', fields: { _id: 'v.place_id', name: 'v.place_name', typology: { null: 'v.id', fields: { name: 'v.text' } } } },
};
const extra: JsonPairs = [['list', 'v.list']];
/** The same object as json_build_object writes it. */
const built = `json_build_object('_id', v.id, 'text', v.text, 'amount', v.amount, 'day', v.day, 'at', v.at, 'flag', v.flag,
  'place', CASE WHEN v.place_id IS NULL THEN NULL ELSE json_build_object('_id', v.place_id, 'name', v.place_name,
    'typology', CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('name', v.text) END) END,
  'list', v.list)::text`;
const values = `(SELECT $1::int AS id, $2::text AS text, $3::numeric AS amount, $4::date AS day, $5::timestamptz AS at,
  $6::boolean AS flag, $7::int AS place_id, $8::text AS place_name, $9::json AS list) v`;
/**
 * The blanks json_build_object adds: " : " after each key, ", " between two pairs. The row has 8 keys (7 between
 * them), a place 3 (2), its typology 1: 33 in all, less 2 without the typology and 10 without the place.
 */
const blanks = (placeId: number | null, id: number | null) => (placeId === null ? 23 : id === null ? 31 : 33);

// PostgreSQL's text holds no NUL character.
const text = fc.option(fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replaceAll('\0', '')));

describe('rowShapeText', () => {
  it('writes the JSON json_build_object writes, compact, for any text, number, date, time, flag and null', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.integer({ min: -2_147_483_648, max: 2_147_483_647 })),
        text,
        fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => n.toFixed(2))),
        fc.option(fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })),
        fc.option(fc.boolean()),
        fc.option(fc.integer({ min: 1, max: 1000 })),
        text,
        fc.option(fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }).map((list) => JSON.stringify(list))),
        async (id, name, amount, date, flag, placeId, placeName, list) => {
          const params = [id, name, amount, date?.toISOString().slice(0, 10) ?? null, date?.toISOString() ?? null, flag, placeId, placeName, list];
          const [row] = await db.query<{ compact: string; built: string }>(
            `SELECT ${rowShapeText(shape, extra)} AS compact, ${built} AS built FROM ${values}`,
            params,
          );
          expect(JSON.parse(row!.compact)).toEqual(JSON.parse(row!.built));
          expect(row!.compact.length).toBe(row!.built.length - blanks(placeId, id));
        },
      ),
      { numRuns: 200 },
    );
  });
});
