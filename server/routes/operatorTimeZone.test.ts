import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOk, utcDay } from '../../tests/support/apiAssertions.ts';
import { startTestServer, testNow, testToday, type TestServer } from '../../tests/support/testServer.ts';

/**
 * OPERATOR_TIME_ZONE=America/Bogota (UTC−5): "today", the hours and the moments of the day are Bogotá's.
 * Late on the test data's day in Bogotá it is already the next day in UTC.
 */
const zone = 'America/Bogota';
const lateInBogota = new Date(`${testToday}T22:30:00-05:00`);

const bogota = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
const bogotaHour = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' });
/** The day and the hour of an instant on a wall clock in Bogotá, as the test reckons them. */
const dayInBogota = (instant: Date) => bogota.format(instant);
const hourInBogota = (instant: Date) => Number(bogotaHour.format(instant));

interface Row {
  ref: string;
}
const refs = (rows: Row[]) => rows.map((r) => r.ref).sort();

let inBogota: TestServer;
/** A server with the default zone (UTC) whose clock the test moves. */
let inUtc: TestServer;
let utcClock = testNow;
beforeAll(async () => {
  [inBogota, inUtc] = await Promise.all([
    startTestServer({ timeZone: zone, now: () => lateInBogota }),
    startTestServer({ now: () => utcClock, readReuseMs: 0 }),
  ]);
});
afterAll(() => Promise.all([inBogota.close(), inUtc.close()]));

describe('the operator in Bogotá, late in the evening', () => {
  it('tells the web app its zone in /config.json, without a token', async () => {
    expect((await inBogota.get('/config.json', null)).json().timeZone).toBe(zone);
    expect((await inUtc.get('/config.json', null)).json().timeZone).toBe('UTC');
  });

  it('is past midnight in UTC, so the test means something', () => {
    expect(utcDay(lateInBogota)).not.toBe(testToday);
    expect(dayInBogota(lateInBogota)).toBe(testToday);
  });

  it("has the dashboard's arrivals, departures and stays of the Bogotá day, not of the UTC one", async () => {
    const dashboard = (await getOk(inBogota, '/api/v1/report/dashboard')).data;
    expect(dashboard.date).toBe(testToday);
    // The same lists a server in UTC gives earlier on that day.
    utcClock = testNow;
    const expected = (await getOk(inUtc, '/api/v1/report/dashboard')).data;
    for (const list of ['incomings', 'leaves', 'inHouse']) {
      expect(expected[list].length, `test data has ${list} on ${testToday}`).toBeGreaterThan(0);
      expect(refs(dashboard[list]), list).toEqual(refs(expected[list]));
    }
    // The default stays UTC: the same instant is the next day there.
    utcClock = lateInBogota;
    const utc = (await getOk(inUtc, '/api/v1/report/dashboard')).data;
    expect(utc.date).toBe(utcDay(lateInBogota));
    expect(refs(utc.incomings)).not.toEqual(refs(dashboard.incomings));
  });

  it('lists as created today the bookings made on the Bogotá day', async () => {
    const dashboard = (await getOk(inBogota, '/api/v1/report/dashboard')).data;
    const bookings = await inBogota.db.query<{ ref: string; created_at: Date }>('SELECT ref, created_at FROM bookings');
    const today = bookings.filter((b) => dayInBogota(new Date(b.created_at)) === testToday);
    expect(today.length).toBeGreaterThan(0);
    expect(refs(dashboard.createdToday)).toEqual(refs(today));
  });
});

describe('POS hours and moments in Bogotá', () => {
  interface Order {
    id: number;
    created_at: Date;
    total: string;
    by_client_app: boolean;
  }
  let day: string;
  let orders: Order[];

  beforeAll(async () => {
    const closed = await inBogota.db.query<Order>(
      "SELECT id, created_at, total, by_client_app FROM pos_orders WHERE status = 'closed' ORDER BY created_at",
    );
    // A day of the data with a 7 a.m. breakfast in Bogotá (noon UTC: afternoon there).
    const breakfast = closed.find((o) => hourInBogota(new Date(o.created_at)) === 7);
    expect(breakfast, 'test data has an order closed at 7 a.m. in Bogotá').toBeDefined();
    day = dayInBogota(new Date(breakfast!.created_at));
    orders = closed.filter((o) => dayInBogota(new Date(o.created_at)) === day);
  });

  it('counts a 7 a.m. order in hour 7 of Sales by app, and each hour as the Bogotá clock reads it', async () => {
    const data = (await getOk(inBogota, `/api/v1/report/sales-app?initDate=${day}&endDate=${day}`)).data;
    expect(data.find((b: { hour: number }) => b.hour === 7).count).toBeGreaterThan(0);
    for (const bucket of data) {
      const inHour = orders.filter((o) => hourInBogota(new Date(o.created_at)) === bucket.hour);
      expect(bucket.count, `hour ${bucket.hour}`).toBe(inHour.length);
      expect(bucket.countApp, `hour ${bucket.hour}`).toBe(inHour.filter((o) => o.by_client_app).length);
    }
  });

  it('counts a 7 a.m. order as Mañana, and the day of the filter is the Bogotá day', async () => {
    const d = (await getOk(inBogota, `/api/v1/report/day-moment?initDate=${day}&endDate=${day}`)).data;
    const moment = (o: Order) => {
      const h = hourInBogota(new Date(o.created_at));
      return h >= 6 && h < 12 ? 'morning' : h >= 12 && h < 18 ? 'afternoon' : 'evening';
    };
    expect(d.morning).toBeGreaterThan(0);
    for (const m of ['morning', 'afternoon', 'evening']) {
      const own = orders.filter((o) => moment(o) === m);
      expect(d[m], m).toBe(own.length);
      expect(d[`${m}Amount`], m).toBeCloseTo(own.reduce((s, o) => s + Number(o.total), 0), 2);
    }
  });
});
