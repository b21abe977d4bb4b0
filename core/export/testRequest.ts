import { columnSchema, type ColumnDefinition } from '../../schema/reportDefinition.ts';
import type { ExportRequest } from './exportDescription.ts';

/** Columns as the engine hands them over: parsed by the schema, defaults filled in. */
export const column = (input: Record<string, unknown>): ColumnDefinition => columnSchema.parse(input);

/** A small bookings table used by the export and print tests. */
export function testRequest(overrides: Partial<ExportRequest> = {}): ExportRequest {
  return {
    title: 'Reservas',
    fileName: 'Reservas',
    columns: [
      column({ field: 'ref', header: 'REF' }),
      column({ field: 'wayContactName', header: 'Contacto' }),
      column({ field: 'dateStart', header: 'Check-in', format: 'date' }),
      column({ field: 'total', header: 'Total', format: 'money', total: 'sum' }),
      column({ field: 'balance', header: 'Saldo', format: 'number', total: 'min' }),
      column({ value: 'datum.total / 2', header: 'Mitad', format: 'money', total: 'avg' }),
      column({ field: 'status', header: 'Status', format: 'bookingStatus' }),
      column({ field: 'place.name', header: 'Habitación' }),
      column({ field: 'internalId', header: 'Interno', export: false }),
    ],
    rows: [
      { ref: 'B-001', wayContactName: 'Booking.com', dateStart: '2026-11-03', total: 1234.5, balance: -5, status: 'confirmed', place: { name: 'Suite 101' }, internalId: 'x1' },
      { ref: 'B-002', wayContactName: '=SUM(A1)', dateStart: '2026-12-31T00:00:00.000Z', total: '100', balance: 20.25, status: 'checked_in', place: { name: 'Casa; "Azul"' }, internalId: 'x2' },
      { ref: 'B-003', wayContactName: '<img src=x onerror=alert(1)>', dateStart: null, total: 0.1, balance: null, status: 'no_show', place: null, internalId: 'x3' },
    ],
    totals: true,
    filters: [
      { label: 'Status', value: 'Confirmado, Check In' },
      { label: 'Check-in', value: '01/11/2026 - 30/11/2026' },
    ],
    search: 'B-00',
    generatedBy: 'Demo Mirador',
    generatedAt: new Date(Date.UTC(2026, 10, 22, 14, 5)),
    dataAsOf: new Date(Date.UTC(2026, 10, 22, 14, 0)),
    ...overrides,
  };
}
