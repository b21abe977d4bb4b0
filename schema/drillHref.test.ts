// Drill-down addresses (core/report/drill.ts) built from the real definitions, read back as the target reads them.
import { describe, expect, it } from 'vitest';
import { reportDefinitionSchema, type ReportDefinition } from './reportDefinition.ts';
import dashboard from '../reports/dashboard.ts';
import booking from '../reports/general/booking.ts';
import gerenciaPos from '../reports/gerencia/pos.ts';
import posSales from '../reports/pos/sales.ts';
import occupancy from '../reports/general/occupancy.ts';
import recaudoDefinition from '../reports/gerencia/recaudo.ts';
import incomeByChannel from '../reports/general/incomeByChannel.ts';
import { describeFilters } from '../core/filters/describeFilters.ts';
import { readFilterValues } from '../core/report/urlState.ts';
import { drillHref, drillTarget } from '../core/report/drill.ts';

const parse = (definition: unknown) => reportDefinitionSchema.parse(definition) as ReportDefinition;
const reports = [dashboard, booking, gerenciaPos, posSales, occupancy].map(parse);
const [dash, bookings, gerencia, sales, ocupacion] = reports as [ReportDefinition, ReportDefinition, ReportDefinition, ReportDefinition, ReportDefinition];
const today = '2026-11-27';
const card = (label: string) => dash.blocks.flatMap((b) => (b.kind === 'cards' ? b.cards : [])).find((c) => c.label === label)!;
const chips = (definition: ReportDefinition, href: string) => {
  const params = new URLSearchParams(href.split('?')[1] ?? '');
  return describeFilters(definition, readFilterValues(definition, params, {}, { today }), today).map((d) => `${d.label}: ${d.value}`);
};

describe('drillHref', () => {
  it('opens Reservas with the arrivals of today, not cancelled nor no show', () => {
    const drill = card('Llegadas').drill!;
    const href = drillHref({ drill, from: dash, values: {}, target: drillTarget(drill, dash, reports)!, today });
    expect(href).toBe('/general/booking?status=in_progress&status=confirmed&status=not_confirmed&status=checked_in&status=checked_out&dateStart=2026-11-27');
    expect(chips(bookings, href)).toEqual(['Status: En progreso, Confirmado, No confirmado, Check In, Check Out', 'Check-in: 27/11/2026']);
  });

  it('opens the guests in house today, as the dashboard counts them', () => {
    const drill = card('En casa').drill!;
    const href = drillHref({ drill, from: dash, values: {}, target: bookings, today });
    expect(href).toBe('/general/booking?inHouseOn=2026-11-27');
    expect(chips(bookings, href)).toEqual(['En casa el: 27/11/2026']);
  });

  it('opens a nationality\'s bookings from Recaudo, its month carried to Reservas\' stay period with its other filters', () => {
    const recaudo = parse(recaudoDefinition);
    const chart = recaudo.blocks.find((b) => b.kind === 'chart' && b.title === 'Nacionalidades');
    if (chart?.kind !== 'chart' || !chart.drill) throw new Error('no drill');
    const values = readFilterValues(recaudo, new URLSearchParams('month=2026-11&status=confirmed&status=checked_in&isVirtual=real'), {}, { today });
    const href = drillHref({ drill: chart.drill, from: recaudo, values, target: bookings, datum: { nationality: 'Sin nacionalidad', count: 2 }, today });
    expect(chips(bookings, href)).toEqual(['Tipo de reserva: Reales', 'Status: Confirmado, Check In', 'Estancia: Noviembre 2026', 'Nacionalidad: Sin nacionalidad']);
  });

  it('opens a channel\'s bookings from Ingresos por canal with its check-in period and status', () => {
    const channels = parse(incomeByChannel);
    const chart = channels.blocks.find((b) => b.kind === 'chart');
    if (chart?.kind !== 'chart' || !chart.drill) throw new Error('no drill');
    const values = { dateStart: { range: true, from: '2026-11-01', to: '2026-11-30' }, status: ['confirmed'] };
    const href = drillHref({ drill: chart.drill, from: channels, values, target: bookings, datum: { channel: 'Booking.com', income: 10 }, today });
    expect(chips(bookings, href)).toEqual(['Status: Confirmado', 'Check-in: 01/11/2026 - 30/11/2026', 'Canal de contacto: Booking.com']);
  });

  it('sets the clicked business and carries the period to the POS sales', () => {
    const chart = gerencia.blocks.find((b) => b.kind === 'chart' && b.title === 'Ventas por negocio');
    if (chart?.kind !== 'chart' || !chart.drill) throw new Error('no drill');
    const values = { period: { range: true, from: '2026-11-01', to: '2026-11-30' } };
    const href = drillHref({ drill: chart.drill, from: gerencia, values, target: drillTarget(chart.drill, gerencia, reports)!, datum: { _id: 3, name: 'Restaurante', total: 10 }, today });
    expect(href).toBe('/pos/sales?period=2026-11-01..2026-11-30&business=3%3ARestaurante');
    expect(chips(sales, href)).toEqual(['Fecha: 01/11/2026 - 30/11/2026', 'Negocios: Restaurante']);
  });

  it('opens Reservas with the stays of a month of Ocupación\'s year: occupying statuses, not virtual', () => {
    const chart = ocupacion.blocks.find((b) => b.kind === 'chart');
    if (chart?.kind !== 'chart' || !chart.drill) throw new Error('no drill');
    const href = drillHref({ drill: chart.drill, from: ocupacion, values: { year: 2025 }, target: bookings, datum: { month: 3, percentage: 50 }, today });
    expect(href).toBe('/general/booking?isVirtual=real&status=confirmed&status=checked_in&status=checked_out&stay=2025-03');
    expect(chips(bookings, href)).toEqual(['Tipo de reserva: Reales', 'Status: Confirmado, Check In, Check Out', 'Estancia: Marzo 2025']);
  });

  it('on the same screen keeps the rest of the address and sets the filter', () => {
    const drill = { set: [{ filter: 'business', field: '_id', label: 'name' }] };
    const current = new URLSearchParams('period=2026-11-01..2026-11-30&t3.sort=-total&t3.page=2');
    const values = { period: { range: true, from: '2026-11-01', to: '2026-11-30' } };
    const href = drillHref({ drill, from: sales, values, target: sales, datum: { _id: 5, name: 'Bar' }, today, pathname: '/pos/sales', current });
    expect(href).toBe('/pos/sales?t3.sort=-total&period=2026-11-01..2026-11-30&business=5%3ABar');
  });

  it('knows no target for a route no definition has', () => {
    expect(drillTarget({ to: '/nowhere' }, dash, reports)).toBeUndefined();
  });
});
