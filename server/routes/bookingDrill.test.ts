import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testToday, type TestServer } from '../../tests/support/testServer.ts';
import { expectError, getOk as getOkFrom } from '../../tests/support/apiAssertions.ts';

// The bookings list's drill parameters (issue 40 §2): each keeps exactly the bookings a figure counts, the figure as
// its own route answers it and as this test's SQL recomputes it.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const getOk = (url: string) => getOkFrom(server, url);
const sorted = (refs: string[]) => [...refs].sort();

async function listRefs(query: string): Promise<string[]> {
  const body = await getOk(`/api/v1/report/booking?itemsPerPage=-1&${query}`);
  expect(body.total).toBe(body.data.length);
  return sorted(body.data.map((row: { ref: string }) => row.ref));
}

async function sqlRefs(where: string, params: unknown[]): Promise<string[]> {
  const rows = await server.db.query<{ ref: string }>(`SELECT b.ref FROM bookings b WHERE ${where}`, params);
  return sorted(rows.map((row) => row.ref));
}

describe('nationality', () => {
  const month = `stayFrom=${testToday.slice(0, 8)}01&stayTo=${testToday}&status=confirmed&status=checked_in&status=checked_out&status=not_confirmed`;
  const monthSql = `b.date_end > $1::date AND b.date_start <= $2::date AND b.status IN ('confirmed', 'checked_in', 'checked_out', 'not_confirmed')`;
  const monthParams = [`${testToday.slice(0, 8)}01`, testToday];

  it('each bar of Recaudo\'s nationalities opens as many bookings as it counts, those of owners of that nationality', async () => {
    const { data } = await getOk(`/api/v1/report/booking/recaudoNationalities?${month}`);
    const bars = data as Array<{ nationality: string; count: number }>;
    expect(bars.length).toBeGreaterThan(1);
    for (const bar of bars) {
      const refs = await listRefs(`${month}&nationality=${encodeURIComponent(bar.nationality)}`);
      expect(refs.length, bar.nationality).toBe(bar.count);
      const blank = bar.nationality === 'Sin nacionalidad';
      expect(refs).toEqual(await sqlRefs(
        `${monthSql} AND b.user_id IN (SELECT c.id FROM clients c WHERE ${blank ? `coalesce(trim(c.nationality), '') = ''` : 'trim(c.nationality) = $3'})`,
        blank ? monthParams : [...monthParams, bar.nationality],
      ));
    }
  });

  it('a nationality no owner has keeps no booking; an empty one is refused in Spanish', async () => {
    expect(await listRefs('nationality=Atlántida')).toEqual([]);
    expectError(await server.get('/api/v1/report/booking?nationality='), 400);
  });
});

describe('wayContact', () => {
  const period = `dateStart=${testToday.slice(0, 5)}01-01&dateStart=${testToday.slice(0, 4)}-12-31`;

  it('each channel of Ingresos por canal (grouped as its definition groups the list) opens its bookings', async () => {
    const { data } = await getOk(`/api/v1/report/booking?itemsPerPage=-1&${period}`);
    const counts = new Map<string, number>();
    for (const row of data as Array<{ wayContactName: string | null }>) {
      const channel = row.wayContactName ? row.wayContactName : 'Sin canal';
      counts.set(channel, (counts.get(channel) ?? 0) + 1);
    }
    expect(counts.size).toBeGreaterThan(1);
    for (const [channel, count] of counts) {
      const refs = await listRefs(`${period}&wayContact=${encodeURIComponent(channel)}`);
      expect(refs.length, channel).toBe(count);
      const none = channel === 'Sin canal';
      expect(refs).toEqual(await sqlRefs(
        `b.date_start BETWEEN $1::date AND $2::date AND ${none ? `coalesce(b.way_contact_name, '') = ''` : 'b.way_contact_name = $3'}`,
        none ? [`${testToday.slice(0, 4)}-01-01`, `${testToday.slice(0, 4)}-12-31`] : [`${testToday.slice(0, 4)}-01-01`, `${testToday.slice(0, 4)}-12-31`, channel],
      ));
    }
  });
});

describe('inHouseOn', () => {
  it('today\'s bookings in house are the dashboard\'s "En casa", as its SQL rule counts them', async () => {
    const { data } = await getOk('/api/v1/report/dashboard');
    const inHouse = sorted((data.inHouse as Array<{ ref: string }>).map((b) => b.ref));
    expect(inHouse.length).toBeGreaterThan(0);
    const refs = await listRefs(`inHouseOn=${data.date.slice(0, 10)}`);
    expect(refs).toEqual(inHouse);
    expect(refs).toEqual(await sqlRefs(`b.status = 'checked_in' AND b.date_start <= $1::date AND b.date_end >= $1::date`, [data.date.slice(0, 10)]));
  });

  it('another day keeps the checked-in bookings whose stay covers it; a bad day is refused in Spanish', async () => {
    const day = `${testToday.slice(0, 8)}01`;
    expect(await listRefs(`inHouseOn=${day}`)).toEqual(
      await sqlRefs(`b.status = 'checked_in' AND b.date_start <= $1::date AND b.date_end >= $1::date`, [day]),
    );
    expectError(await server.get('/api/v1/report/booking?inHouseOn=2026-02-30'), 400);
  });
});
