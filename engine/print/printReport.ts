import type { ExportRequest } from '../export/exportTable.ts';
import { buildPrintHtml } from './buildPrintHtml.ts';
import './print.css';

const documentClass = 'mirador-print-document';
const printingClass = 'mirador-printing';

/** Prints every row of a table with the report title, the applied filters and the date on top. */
export function printReport(request: ExportRequest): void {
  document.querySelector(`.${documentClass}`)?.remove();
  const printed = document.createElement('div');
  printed.className = documentClass;
  // Every value in it went through escapeHtml.
  printed.innerHTML = buildPrintHtml(request);
  document.body.append(printed);
  document.body.classList.add(printingClass);
  const screenTitle = document.title;
  // Browsers put the document title in the page header and the PDF file name.
  document.title = request.title;

  window.addEventListener(
    'afterprint',
    () => {
      printed.remove();
      document.body.classList.remove(printingClass);
      document.title = screenTitle;
    },
    { once: true },
  );
  window.print();
}
