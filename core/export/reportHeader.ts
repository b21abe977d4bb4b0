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

/** The applied filters and search as label/value lines; one "(ninguno)" line when nothing applies. */
export function filterLines(request: Pick<ExportDescription, 'filters' | 'search'>): Array<{ label: string; value: string }> {
  const lines = request.filters.map(({ label, value }) => ({ label, value }));
  const search = request.search?.trim();
  if (search) lines.push({ label: texts.export.search, value: search });
  return lines.length > 0 ? lines : [{ label: texts.export.none, value: '' }];
}
