import { formatValue } from '../core/format.ts';
import { texts } from '../texts.ts';
import type { ExportDescription } from './exportTable.ts';

/** When a file or a print was made, as the user reads it (dates are UTC throughout). */
export function generatedAtText(date: Date): string {
  return `${formatValue('dateTime', date)} ${texts.export.timeZone}`;
}

/** The applied filters and search as label/value lines; one "(ninguno)" line when nothing applies. */
export function filterLines(request: Pick<ExportDescription, 'filters' | 'search'>): Array<{ label: string; value: string }> {
  const lines = request.filters.map(({ label, value }) => ({ label, value }));
  const search = request.search?.trim();
  if (search) lines.push({ label: texts.export.search, value: search });
  return lines.length > 0 ? lines : [{ label: texts.export.none, value: '' }];
}
