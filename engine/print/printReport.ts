// CONTRACT STUB — owned by the export engineer.
import type { ExportRequest } from '../export/exportTable.ts';

/** Prints every row of a table with the report title, the applied filters and the date on top. */
export function printReport(_request: ExportRequest): void {
  throw new Error('not implemented yet');
}
