import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOk as getOkFrom } from '../../tests/support/apiAssertions.ts';
import { outOfSpanishOrder, spanishOrder } from '../../tests/support/spanishOrder.ts';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { sortKey } from './sortKey.ts';

// Runs on PGlite and on PostgreSQL (server-pglite and server-postgres): the same order on both engines.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const orderedBy = async (values: string[], desc = false) => {
  const [row] = await server.db.query<{ v: string[] }>(
    `SELECT array_agg(n ORDER BY ${sortKey('n')} ${desc ? 'DESC' : 'ASC'}, i) AS v FROM unnest($1::text[]) WITH ORDINALITY AS s(n, i)`,
    [values],
  );
  return row!.v;
};

describe('sort_key_es', () => {
  it('sorts names in Spanish: accents and case folded, ñ a letter after n', async () => {
    expect(await orderedBy(['Zoe', 'Óscar', 'Álvarez', 'Ñandú', 'Nora', 'nube', 'Nz', 'oso', 'Ana'])).toEqual(
      ['Álvarez', 'Ana', 'Nora', 'nube', 'Nz', 'Ñandú', 'Óscar', 'oso', 'Zoe'],
    );
    expect(await orderedBy(['Zoe', 'Óscar', 'Álvarez', 'Ñandú', 'Nora'], true)).toEqual(['Zoe', 'Óscar', 'Ñandú', 'Nora', 'Álvarez']);
  });

  it('sorts room numbers by their value', async () => {
    expect(await orderedBy(['Hab 1301', 'Hab 908', 'Hab 99', 'Estudio 101', 'hab 2'])).toEqual(['Estudio 101', 'hab 2', 'Hab 99', 'Hab 908', 'Hab 1301']);
    expect(await orderedBy(['1301', '908', '1300A', '90'])).toEqual(['90', '908', '1300A', '1301']);
  });

  it('orders as the browser\'s tables do (Intl.Collator es, numeric)', async () => {
    const values = ['José', 'jose', 'Ángela', 'Andrés', 'Ñuñez', 'Nuñez', 'Núñez', 'Muñoz', 'Úrsula', 'Ursula', 'Hab 908', 'Hab 1301', 'Suite 108', 'Apto 2 alcobas 205', "O'Neil", 'de la Torre', 'Zuluaga'];
    expect(outOfSpanishOrder(await orderedBy(values))).toEqual([]);
    expect(spanishOrder(await orderedBy(values), (v) => v)).toEqual(await orderedBy(values));
  });
});

describe('server sorts in Spanish order', () => {
  const getOk = (url: string) => getOkFrom(server, url);

  it('lists clients by name with "Óscar" among the O names, not after Z', async () => {
    const { data } = await getOk('/api/v1/client?itemsPerPage=-1&sortBy=name');
    const names = (data as Array<{ name: string }>).map((c) => c.name);
    expect(names).toContain('Óscar');
    expect(outOfSpanishOrder(names)).toEqual([]);
    expect(names.findIndex((n) => n === 'Óscar')).toBeLessThan(names.findIndex((n) => n.startsWith('P')));
  });

  it('lists the rooms and spaces by name, numbers by value', async () => {
    const { data } = await getOk('/api/v1/place?itemsPerPage=-1');
    expect(outOfSpanishOrder((data as Array<{ name: string }>).map((p) => p.name))).toEqual([]);
  });

  it('keeps a renamed room in order in Comercial and in the booking list (its kept key follows the name)', async () => {
    const [room] = await server.db.query<{ id: number; name: string; typology_id: number }>(
      `SELECT id, name, typology_id FROM places WHERE typology_id IS NOT NULL AND NOT is_space AND NOT deleted ORDER BY id DESC LIMIT 1`,
    );
    await server.db.query(`UPDATE places SET name = 'Ábaco 0' WHERE id = $1`, [room!.id]);
    try {
      const { data } = await getOk('/api/v1/report/booking/comercial?bookings=none');
      const typology = (data as Array<{ _id: number; rooms: Array<{ _id: number; name: string }> }>).find((t) => t._id === room!.typology_id)!;
      const names = typology.rooms.map((r) => r.name);
      expect(names[0]).toBe('Ábaco 0');
      expect(outOfSpanishOrder(names)).toEqual([]);
      const list = await getOk('/api/v1/report/booking?itemsPerPage=-1&sortBy=place.name');
      const places = (list.data as Array<{ place: { name: string } | null }>).flatMap((b) => (b.place ? [b.place.name] : []));
      expect(outOfSpanishOrder(places)).toEqual([]);
    } finally {
      await server.db.query(`UPDATE places SET name = $2 WHERE id = $1`, [room!.id, room!.name]);
    }
  });
});
