/**
 * The Spanish texts of core/: values and statuses as they are formatted, the filter kinds' labels and messages,
 * and the words of an exported file (its Filtros sheet, totals, footer). The web app's own texts are engine/texts.ts,
 * which includes these under the same keys.
 */
export const texts = {
  filters: {
    all: 'Todas',
    date: 'Fecha',
    from: 'Desde',
    futureDay: 'La fecha no puede ser posterior a hoy.',
    invalidDate: 'Fecha no válida',
    lookups: {
      users: 'Clientes',
      places: 'Lugares',
      rooms: 'Habitaciones',
      typologies: 'Tipologías',
      spaces: 'Espacios',
      businesses: 'Negocios',
      employees: 'Empleados',
      areas: 'Áreas',
      events: 'Eventos',
    },
    month: 'Mes',
    real: 'Reales',
    room: 'Habitación',
    search: 'Buscar',
    select: 'Opción',
    startAfterEnd: 'La fecha inicial no puede ser posterior a la final.',
    to: 'Hasta',
    typedInvalid: (text: string) => `«${text}» no es una fecha válida: escriba DD/MM/AAAA.`,
    typedOutOfRange: (text: string, from: string, to: string) => `«${text}» está fuera de rango: entre ${from} y ${to}.`,
    typedPart: (part: string, message: string) => `${part}: ${message}`,
    typology: 'Tipología',
    typologyOrRoom: 'Tipología o habitación',
    virtual: 'Virtuales',
    virtualType: 'Tipo',
    year: 'Año',
    yesNo: 'Sí / No',
  },
  export: {
    appliedFilters: 'Filtros aplicados',
    // The Filtros sheet's line when the rows do not fit in one sheet (xlsxFile.ts).
    cutRows: 'Filas',
    cutRowsNote: (rows: string) => `Solo las primeras ${rows}: una hoja de Excel no admite más. Los totales son de esas filas; el CSV las trae todas.`,
    filtersSheet: 'Filtros',
    generatedAt: 'Generado el',
    generatedBy: 'Generado por',
    none: '(ninguno)',
    // An .xlsx page footer: &P and &N are the page and the page count.
    pageFooter: 'Página &P de &N',
    report: 'Reporte',
    search: 'Búsqueda',
  },
  report: {
    /** When the data was read on the operator's clock, and its zone, e.g. "Datos al 22/11/2026 14:05 UTC". */
    dataAsOf: (when: string, zone: string) => `Datos al ${when} ${zone}`,
  },
  table: {
    total: 'Total',
  },
  compare: {
    /** Unit of a difference of percentages. */
    points: 'p. p.',
  },
  values: {
    yes: 'Sí',
    no: 'No',
    closed: 'Cerrado',
    open: 'Abierto',
    shortStay: 'Corta',
    longStay: 'Larga',
    lodging: 'HOSPEDAJE',
    extra: 'EXTRA',
    active: 'Activo',
    retired: 'Retirado',
    empty: '—',
  },
  bookingStatus: {
    in_progress: 'En progreso',
    confirmed: 'Confirmado',
    not_confirmed: 'No confirmado',
    canceled: 'Cancelado',
    checked_in: 'Check In',
    checked_out: 'Check Out',
    no_show: 'Not Show',
  },
  orderStatus: {
    open: 'Abierta',
    inProgress: 'En proceso',
    readyToDelivery: 'Entregado',
    closed: 'Cerrada',
    cancelled: 'Cancelada',
  },
  taskStatus: {
    cancel: 'Cancelada',
    process: 'En proceso',
    completed: 'Completada',
  },
  months: ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'],
  clientCategory: {
    cliente: 'Cliente',
    empleado: 'Empleado',
    socio: 'Socio',
    miembro: 'Miembro',
    huesped: 'Huésped',
  },
  reviewType: {
    community: 'Comunidad',
    employee: 'Empleados',
    product: 'Productos',
    service: 'Servicios',
    task: 'Tareas',
  },
  /** "Comparar con:" of a screen with a period (core/filters/comparePeriod.ts), in files and prints. */
  periodCompare: {
    comparedWith: 'Comparado con',
    modes: { previous: 'Periodo anterior', lastYear: 'Año anterior' },
  },
  /** E-mail subscriptions: the page's name, also named in each mail's footer. */
  subscriptions: {
    pageTitle: 'Mis suscripciones',
  },
} as const;
