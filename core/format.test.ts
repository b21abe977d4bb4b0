import { afterEach, describe, expect, it } from 'vitest';
import { cellValue, clientName, formatDataAsOf, formatValue, truncate } from './format.ts';
import { setOperatorTimeZone, zoneOffsetMinutes } from './timeZone.ts';

describe('formatters', () => {
  it('shows days as DD/MM/YYYY in UTC, whatever the instant', () => {
    expect(formatValue('date', '2023-12-01')).toBe('01/12/2023');
    expect(formatValue('date', '2023-12-01T23:30:00-05:00')).toBe('02/12/2023');
    expect(formatValue('dateTime', '2024-02-29T08:05:00Z')).toBe('29/02/2024 08:05');
    expect(formatValue('date', null)).toBe('—');
  });

  it('shows money en-US style and percentages with two decimals', () => {
    expect(formatValue('money', 1234567.5)).toBe('$1,234,567.50');
    expect(formatValue('money', '-80000')).toBe('-$80,000.00');
    expect(formatValue('percent', 45.678)).toBe('45.68%');
    expect(formatValue('balance', -1500)).toBe('$1,500.00');
  });

  it('labels statuses in Spanish and keeps an unknown one as it is', () => {
    expect(formatValue('bookingStatus', 'no_show')).toBe('Not Show');
    expect(formatValue('bookingStatus', 'checked_in')).toBe('Check In');
    expect(formatValue('orderStatus', 'readyToDelivery')).toBe('Entregado');
    expect(formatValue('bookingStatus', 'archived')).toBe('archived');
  });

  it('keeps a status named like a method of every object as it is, on screen and in a cell', () => {
    for (const name of ['valueOf', 'toString', 'constructor', 'hasOwnProperty', '__proto__']) {
      expect(formatValue('taskStatus', name)).toBe(name);
      expect(cellValue('orderStatus', name)).toEqual({ type: 'text', value: name });
    }
  });

  it('labels flags', () => {
    expect(formatValue('closedOpen', true)).toBe('Cerrado');
    expect(formatValue('stayLength', false)).toBe('Larga');
    expect(formatValue('lodgingType', true)).toBe('HOSPEDAJE');
    expect(formatValue('clientState', true)).toBe('Retirado');
    expect(formatValue('yesNo', false)).toBe('No');
  });

  it('cuts contact names of 12 or more characters to 11 and an ellipsis, places of 15 or more', () => {
    expect(formatValue('contactName', 'Booking.com')).toBe('Booking.com');
    expect(formatValue('contactName', 'Booking.com!')).toBe('Booking.com…');
    expect(formatValue('placeName', 'Suite Premium!')).toBe('Suite Premium!');
    expect(formatValue('placeName', 'Penthouse Vista')).toBe('Penthouse V…');
    expect(truncate('abc', 12, 11)).toBe('abc');
  });

  it('shows a client as first name and first last name, or the whole last name when its first word is short', () => {
    expect(clientName({ name: 'Ana María', lastName: 'Restrepo Gómez' })).toBe('Ana Restrepo');
    expect(clientName({ name: 'Luis', lastName: 'de la Torre' })).toBe('Luis de la Torre');
    expect(clientName({ name: 'Sofía', lastName: '' })).toBe('Sofía');
  });

  it('shows durations', () => {
    expect(formatValue('minutes', 65)).toBe('1 h 05 min');
    expect(formatValue('hours', 5400)).toBe('1.50');
    // 71,226 s is 19.785 h: rounded once from the seconds (half up, as the server's round()), not from 19.785's float, 19.78499….
    expect(formatValue('hours', 71_226)).toBe('19.79');
    expect(formatValue('hours', 71_225)).toBe('19.78');
    expect(formatValue('hours', 18_000_000)).toBe('5,000.00');
    expect(formatValue('decimal', 1.5)).toBe('1.50');
    expect(formatValue('decimal', '1234.567')).toBe('1,234.57');
    expect(formatValue('month', 3)).toBe('Marzo');
  });
});

describe('spreadsheet cells', () => {
  it('keeps amounts numeric with a number format, negatives included', () => {
    expect(cellValue('money', '-1234.5')).toEqual({ type: 'number', value: -1234.5, numFmt: '#,##0.00' });
    expect(cellValue('decimal', '0.5')).toEqual({ type: 'number', value: 0.5, numFmt: '#,##0.00' });
  });
  it('writes days as dates shown DD/MM/YYYY', () => {
    const cell = cellValue('date', '2023-12-01');
    expect(cell.type).toBe('date');
    expect(cell.type === 'date' && cell.value.toISOString()).toBe('2023-12-01T00:00:00.000Z');
  });
  it('keeps names whole that the screen cuts', () => {
    expect(cellValue('contactName', 'Agencia de Viajes Andina')).toEqual({ type: 'text', value: 'Agencia de Viajes Andina' });
    expect(cellValue('placeName', 'Penthouse Vista Ciudad')).toEqual({ type: 'text', value: 'Penthouse Vista Ciudad' });
  });
  it('writes labels as text', () => {
    expect(cellValue('bookingStatus', 'confirmed')).toEqual({ type: 'text', value: 'Confirmado' });
    expect(cellValue('text', null)).toEqual({ type: 'text', value: '' });
  });
});

describe('data as of', () => {
  it('states the instant the data was read, in UTC', () => {
    expect(formatDataAsOf(Date.UTC(2026, 10, 22, 14, 5, 59))).toBe('Datos al 22/11/2026 14:05 UTC');
    expect(formatDataAsOf(new Date('2026-01-02T00:00:00Z'))).toBe('Datos al 02/01/2026 00:00 UTC');
  });

  it("states it on the operator's clock, with the zone's name, when the server names another zone", () => {
    expect(formatDataAsOf(new Date('2026-01-02T03:04:00Z'), 'America/Bogota')).toBe('Datos al 01/01/2026 22:04 America/Bogota');
  });
});

describe('a duration in a file', () => {
  it('is a number of minutes a spreadsheet can sum, with its sign (a time format cannot show a negative one)', () => {
    expect(cellValue('minutes', 65.4)).toEqual({ type: 'number', value: 65.4, numFmt: '#,##0" min"' });
    expect(cellValue('minutes', '-12')).toEqual({ type: 'number', value: -12, numFmt: '#,##0" min"' });
    expect(cellValue('minutes', null)).toEqual({ type: 'text', value: '' });
  });
});

describe("instants on the operator's clock (OPERATOR_TIME_ZONE from /config.json)", () => {
  afterEach(() => setOperatorTimeZone(undefined));

  it('shows a 7 a.m. breakfast in Bogotá at 07:00, and a late evening on its own day', () => {
    setOperatorTimeZone('America/Bogota');
    expect(formatValue('time', '2026-03-16T12:00:00+00:00')).toBe('07:00');
    expect(formatValue('dateTime', '2026-03-17T03:30:00Z')).toBe('16/03/2026 22:30');
    expect(formatValue('date', '2026-03-17T03:30:00Z')).toBe('16/03/2026');
    expect(formatValue('month', '2026-03-01T02:00:00Z')).toBe('Febrero 2026');
  });

  it('keeps calendar days and months as they are', () => {
    setOperatorTimeZone('America/Bogota');
    expect(formatValue('date', '2026-03-17')).toBe('17/03/2026');
    expect(formatValue('month', '2026-03')).toBe('Marzo 2026');
    expect(formatValue('month', '2026-03-01')).toBe('Marzo 2026');
  });

  it("writes a file's date cells on that clock", () => {
    setOperatorTimeZone('America/Bogota');
    expect(cellValue('dateTime', '2026-03-17T03:30:00Z')).toEqual({
      type: 'date',
      value: new Date('2026-03-16T22:30:00Z'),
      numFmt: 'dd/mm/yyyy hh:mm',
    });
    setOperatorTimeZone('UTC');
    expect(cellValue('dateTime', '2026-03-17T03:30:00Z')).toMatchObject({ value: new Date('2026-03-17T03:30:00Z') });
  });

  it('follows a change of offset to the minute (New York, 8 March 2026, 2 a.m.)', () => {
    expect(zoneOffsetMinutes('America/New_York', Date.parse('2026-03-08T06:59:00Z'))).toBe(-300);
    expect(zoneOffsetMinutes('America/New_York', Date.parse('2026-03-08T07:00:00Z'))).toBe(-240);
    expect(zoneOffsetMinutes('Asia/Kathmandu', Date.parse('2026-03-08T07:00:00Z'))).toBe(345);
    setOperatorTimeZone('America/New_York');
    expect(formatValue('dateTime', '2026-03-08T06:59:00Z')).toBe('08/03/2026 01:59');
    expect(formatValue('dateTime', '2026-03-08T07:00:00Z')).toBe('08/03/2026 03:00');
  });
});
