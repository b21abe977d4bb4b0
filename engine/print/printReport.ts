import { queryClient } from '../api/queryClient.ts';
import { screenReadAt } from '../report/dataAsOf.ts';
import { buildPrintHtml, type PrintRequest } from './buildPrintHtml.ts';
import './print.css';

const documentClass = 'mirador-print-document';
const printingClass = 'mirador-printing';

/**
 * Prints every row of a table with the report title, the applied filters, the date and when the data was read on top
 * (the request's own time, else the screen's, which "Datos al" shows).
 */
export function printReport(request: PrintRequest): void {
  document.querySelector(`.${documentClass}`)?.remove();
  const printed = document.createElement('div');
  printed.className = documentClass;
  // Every value in it went through escapeHtml.
  printed.innerHTML = buildPrintHtml({ ...request, dataAsOf: request.dataAsOf ?? screenReadAt(queryClient) });
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
