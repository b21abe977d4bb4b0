// The texts of the subscriptions' mails, in Spanish (the API's messages are in server/messages.ts).

import { texts } from '../../core/texts.ts';

export const mailTexts = {
  subject: (title: string) => `Mirador: ${title}`,
  filters: 'Filtros',
  noFilters: 'Sin filtros',
  figures: 'Cifras',
  /** A card's "Comparar con:" line, as the screen writes it: "Periodo anterior: $900.00 · +$100.00 (+11.11%)". */
  comparison: (label: string, value: string, delta: string, percent: string | undefined) =>
    `${label}: ${value} · ${percent === undefined ? delta : `${delta} (${percent})`}`,
  withheld: 'Sin permiso',
  unknown: 'no disponible',
  attachments: 'Archivos adjuntos',
  withheldBlock: (title: string) => `${title}: sin permiso para ver estos datos`,
  rows: (file: string, rows: number) => `${file}: ${rows.toLocaleString('es-CO')} ${rows === 1 ? 'fila' : 'filas'}`,
  open: 'Abrir en Mirador',
  why: (owner: string) => `Recibe este correo por una suscripción de ${owner} en Mirador. Puede pausarla o darse de baja en «${texts.subscriptions.pageTitle}».`,
};
