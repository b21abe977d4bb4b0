/**
 * The names a report definition may use to refer to built-in behaviour. Each list is the source of
 * the schema's enums, so a misspelt name fails in the editor, in zod and in ajv alike.
 */

/** Value formatters (engine/format). */
export const formatNames = [
  'text', 'upper', 'number', 'decimal', 'integer', 'money', 'percent', 'date', 'dateTime', 'time', 'month',
  'hours', 'minutes', 'yesNo', 'bookingStatus', 'orderStatus', 'taskStatus', 'clientState',
  'closedOpen', 'stayLength', 'lodgingType', 'contactName', 'placeName', 'clientName', 'fullName',
  'balance', 'points',
] as const;

/** Filter kinds of the filter drawer. */
export const filterKinds = [
  'date', 'month', 'year', 'select', 'multiSelect', 'lookup', 'typologyOrRoom', 'virtualType', 'yesNo', 'search',
] as const;

/** Fixed option lists (core/options). */
export const optionListNames = [
  'bookingStatus', 'orderStatus', 'taskStatus', 'clientCategory', 'reviewType', 'occupancyYears', 'yesNo',
] as const;

/** Lists fetched from the API for searchable selects (engine/lookups). */
export const lookupNames = [
  'users', 'places', 'rooms', 'typologies', 'spaces', 'businesses', 'employees', 'areas', 'events',
] as const;

/** Custom screens a definition opens or embeds by id (widgets/). */
export const widgetIds = [
  'booking-detail', 'order-detail', 'client-detail', 'task-calendar', 'event-calendar',
] as const;

/** The services whose base URLs are runtime configuration. */
export const serviceNames = ['api', 'auth', 'payments', 'master'] as const;

/** Preset default values of date filters, resolved against today's date (UTC). */
export const datePresets = [
  'today', 'yesterday', 'currentWeek', 'currentMonth', 'previousMonth', 'currentYear',
] as const;

export const chartKinds = ['bar', 'barHorizontal', 'pie', 'doughnut', 'line'] as const;

/** How column totals are aggregated. */
export const aggregateNames = ['sum', 'avg', 'count', 'min', 'max'] as const;

/** Sidebar groups, in the order of the route map. */
export const menuGroups = [
  'Dashboard', 'General', 'Movimientos', 'POS', 'Housekeeping', 'Servicio', 'Empleados', 'Gerencia',
  'Reseñas', 'Clientes', 'App', 'Otros',
] as const;

/** Request styles of paging and sorting the services speak. */
export const pagingStyles = ['vuetify', 'laravel'] as const;

/** Cross-field rules of the filter drawer, checked on Aplicar. */
export const filterRuleNames = ['rangeBothDatesOutsideCurrentMonth', 'startNotAfterEnd', 'notAfterToday'] as const;

export type FormatName = (typeof formatNames)[number];
export type FilterKind = (typeof filterKinds)[number];
export type OptionListName = (typeof optionListNames)[number];
export type LookupName = (typeof lookupNames)[number];
export type WidgetId = (typeof widgetIds)[number];
export type ServiceName = (typeof serviceNames)[number];
export type DatePreset = (typeof datePresets)[number];
export type ChartKind = (typeof chartKinds)[number];
export type AggregateName = (typeof aggregateNames)[number];
export type MenuGroup = (typeof menuGroups)[number];
