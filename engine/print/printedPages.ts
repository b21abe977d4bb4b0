/** Rows of the print stylesheet's table per A4 sheet, heading included: Chromium printed Reservas' 495 rows on 20. */
export const printedRowsPerPage = 25;

/** About how many sheets printing `rows` rows takes: the user is told before a long print. */
export function printedPages(rows: number): number {
  return Math.max(1, Math.ceil(rows / printedRowsPerPage));
}
