// The texts of the subscriptions' mails, in Spanish (the API's messages are in server/messages.ts).

export const mailTexts = {
  subject: (title: string) => `Mirador: ${title}`,
  filters: 'Filtros',
  noFilters: 'Sin filtros',
  figures: 'Cifras',
  withheld: 'Sin permiso',
  unknown: 'no disponible',
  attachments: 'Archivos adjuntos',
  withheldBlock: (title: string) => `${title}: sin permiso para ver estos datos`,
  rows: (file: string, rows: number) => `${file}: ${rows.toLocaleString('es-CO')} ${rows === 1 ? 'fila' : 'filas'}`,
  open: 'Abrir en Mirador',
  why: (owner: string) => `Recibe este correo por una suscripción de ${owner} en Mirador. Puede pausarla o darse de baja en «Suscripciones».`,
};
