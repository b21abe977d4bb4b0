import type { BlockInput, ColumnInput } from '../../schema/reportDefinition.ts';

// The hospitality KPIs (GET /api/v1/report/kpis, /kpis/pace; server/sql/hotelKpis.ts) as the dashboard and
// Ocupación show them. Each formula says the USALI definition and where ours differs.

const lastYear = 'Año anterior = las mismas noches un año antes (el 29 de febrero, el 28).';

const kpiHelp = {
  occupancy: `Ocupación = noches-habitación vendidas / noches-habitación disponibles × 100; disponibles = habitaciones × noches del periodo. USALI: habitaciones ocupadas / habitaciones disponibles. Aquí: vendidas = noches de reservas confirmadas, en Check In o Check Out y no virtuales (las de la tabla mensual); habitaciones = las de hoy (no espacios ni retiradas, el año anterior también); no se restan habitaciones fuera de servicio ni se cuentan cortesías o uso de la casa, que los datos no registran. ${lastYear}`,
  adr: `ADR (tarifa media diaria) = ingreso por habitaciones / noches-habitación vendidas. USALI: ingreso de habitaciones, neto de impuestos, / habitaciones vendidas. Aquí: ingreso = Σ tarifas por noche de esas noches tal como se registran (sin separar impuestos ni comisiones de canal; sin extras ni consumos). Sin noches vendidas no hay ADR (—). ${lastYear}`,
  revpar: `RevPAR = ingreso por habitaciones / noches-habitación disponibles (= ADR × ocupación). USALI: la misma fórmula sobre las habitaciones disponibles. Aquí: el mismo ingreso que el ADR y las mismas disponibles que la ocupación. ${lastYear}`,
};

const compare = (figure: 'occupancy' | 'adr' | 'revpar') => ({
  label: 'Año anterior',
  field: `data.lastYear.${figure}`,
  delta: `data.difference.${figure}.absolute`,
  deltaPercent: `data.difference.${figure}.percent`,
});

/** Occupancy, ADR and RevPAR of `source`'s period against the same period last year; labels end with `suffix`. */
export const kpiCards = (source: string, title: string, suffix: string): BlockInput => ({
  kind: 'cards',
  title,
  source,
  cards: [
    { label: `Ocupación ${suffix}`, field: 'data.current.occupancy', format: 'percent', help: kpiHelp.occupancy,
      compare: { ...compare('occupancy'), deltaFormat: 'points' } },
    { label: `ADR ${suffix}`, field: 'data.current.adr', format: 'money', help: kpiHelp.adr, compare: compare('adr') },
    { label: `RevPAR ${suffix}`, field: 'data.current.revpar', format: 'money', help: kpiHelp.revpar, compare: compare('revpar') },
  ],
});

const onTheBooks = 'En libros a una fecha = reservas creadas hasta el final de ese día (en la hora del hotel), no virtuales, que ese día ocupaban (confirmadas, en Check In o Check Out)';
const lastYearBooks = 'Los datos guardan el estado actual de cada reserva y la hora de su último cambio, no su historial: si no cambió desde ese día cuenta su estado actual; si cambió después, cuenta si hoy está confirmada, en Check In, en Check Out, cancelada o no show (se canceló o no llegó después). Tarifas, fechas y habitación son las actuales.';

/** The pace columns: each month ahead on the books today against the same month last year on the same day. */
export const paceColumns: ColumnInput[] = [
  { field: 'month', header: 'Mes', format: 'month' },
  { field: 'roomNights', header: 'Noches en libros', format: 'integer',
    help: `Noches en libros = noches-habitación del mes en libros hoy. ${onTheBooks}; hoy es lo mismo que las noches vendidas de la tabla mensual.` },
  { field: 'lastYearRoomNights', header: 'Noches año anterior a la fecha', format: 'integer',
    help: `Noches año anterior a la fecha = noches-habitación del mismo mes del año anterior en libros al final del mismo día del año anterior. ${onTheBooks}. ${lastYearBooks}` },
  { field: 'roomNightsDifference', header: 'Diferencia noches', format: 'integer',
    help: 'Diferencia noches = noches en libros − noches año anterior a la fecha' },
  { field: 'roomNightsDifferencePercent', header: 'Diferencia noches %', format: 'percent',
    help: 'Diferencia noches % = diferencia noches / noches año anterior a la fecha × 100 (— cuando el año anterior no tenía noches)' },
  { field: 'roomRevenue', header: 'Ingreso en libros', format: 'money',
    help: 'Ingreso en libros = Σ tarifas por noche de las noches en libros' },
  { field: 'lastYearRoomRevenue', header: 'Ingreso año anterior a la fecha', format: 'money',
    help: 'Ingreso año anterior a la fecha = Σ tarifas por noche de las noches año anterior a la fecha (tarifas actuales)' },
  { field: 'roomRevenueDifference', header: 'Diferencia ingreso', format: 'money',
    help: 'Diferencia ingreso = ingreso en libros − ingreso año anterior a la fecha' },
  { field: 'roomRevenueDifferencePercent', header: 'Diferencia ingreso %', format: 'percent',
    help: 'Diferencia ingreso % = diferencia ingreso / ingreso año anterior a la fecha × 100 (— cuando el año anterior no tenía ingreso)' },
  { field: 'lastYearFinalRoomNights', header: 'Noches año anterior final', format: 'integer',
    help: 'Noches año anterior final = noches vendidas de ese mes del año anterior, hoy (la tabla mensual de ese año)' },
  { field: 'lastYearFinalRoomRevenue', header: 'Ingreso año anterior final', format: 'money',
    help: 'Ingreso año anterior final = Σ tarifas por noche de esas noches vendidas' },
];
