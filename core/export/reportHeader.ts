import { operatorTimeZone, wallClockText } from '../timeZone.ts';
import { texts } from '../texts.ts';
import type { ExportDescription } from './exportDescription.ts';

/**
 * When a file or a print was made, on the operator's clock followed by the zone's name, always (UTC too): a file
 * travels to people who do not know the server's setting, and a time without its zone is ambiguous.
 */
export function generatedAtText(date: Date, zone: string = operatorTimeZone()): string {
  return `${wallClockText(date, zone)} ${zone}`;
}

/** The applied filters, search and comparison as label/value lines; one "(ninguno)" line when nothing applies. */
export function filterLines(request: Pick<ExportDescription, 'filters' | 'search' | 'comparison'>): Array<{ label: string; value: string }> {
  const lines = request.filters.map(({ label, value }) => ({ label, value }));
  // The browser's files and prints carry it among their filters (comparisonLine), the server's as `comparison`.
  if (request.comparison) lines.push(comparisonLine(request.comparison));
  const search = request.search?.trim();
  if (search) lines.push({ label: texts.export.search, value: search });
  return lines.length > 0 ? lines : [{ label: texts.export.none, value: '' }];
}

/** The comparison's line among the filters: "Comparado con: Periodo anterior (01/10/2026 – 31/10/2026)". */
export function comparisonLine(comparison: string): { label: string; value: string } {
  return { label: texts.periodCompare.comparedWith, value: comparison };
}
