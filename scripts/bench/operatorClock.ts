/**
 * What the operator's time zone costs a file: a 100,000-row Excel of POS-like orders (two instants and a
 * day a row) built as the browser's worker builds it, in UTC and on America/Bogota's clock.
 * Run: npx tsx scripts/bench/operatorClock.ts
 */
import { setOperatorTimeZone } from '../../core/timeZone.ts';
import { column, testRequest } from '../../core/export/testRequest.ts';
import { buildXlsx } from '../../core/export/xlsxFile.ts';

const rowCount = 100_000;
const start = Date.parse('2026-01-01T00:00:00Z');
const rows = Array.from({ length: rowCount }, (_, i) => {
  const created = start + i * 277_000;
  return {
    invoice: `POS-${i}`,
    createdAt: new Date(created).toISOString(),
    closedAt: new Date(created + 1_500_000).toISOString(),
    day: new Date(created).toISOString().slice(0, 10),
    total: (i % 977) * 1000,
  };
});
const request = testRequest({
  columns: [
    column({ field: 'invoice', header: 'Factura' }),
    column({ field: 'createdAt', header: 'Creada', format: 'dateTime' }),
    column({ field: 'closedAt', header: 'Cerrada', format: 'dateTime' }),
    column({ field: 'day', header: 'Día', format: 'date' }),
    column({ field: 'total', header: 'Total', format: 'money', total: 'sum' }),
  ],
  rows,
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const zone of ['UTC', 'America/Bogota']) {
  setOperatorTimeZone(zone);
  const seconds: number[] = [];
  for (let run = 0; run < 5; run++) {
    const t0 = performance.now();
    await buildXlsx({ ...request, timeZone: zone });
    seconds.push((performance.now() - t0) / 1000);
  }
  console.log(`${zone}: ${rowCount.toLocaleString('en-US')} rows, median of 5 ${median(seconds).toFixed(2)} s (${seconds.map((s) => s.toFixed(2)).join(', ')})`);
}
