/** Spanish texts of the housekeeping tasks' calendar. */
export const taskTexts = {
  title: 'Tareas de housekeeping',
  legend: 'Leyenda',
  legendTitle: 'Opciones de tarea',
  detail: 'Detalle de la tarea',
  option: 'Opción',
  employee: 'Empleado',
  status: 'Estado',
  place: 'Lugar',
  area: 'Área',
  plannedStart: 'Inicio planeado',
  plannedEnd: 'Fin planeado',
  actualStart: 'Inicio real',
  actualEnd: 'Fin real',
} as const;
