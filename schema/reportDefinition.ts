/**
 * The schema of a report definition: plain JSON data that says where a screen's rows come from,
 * which filters it offers and which tables, cards, charts and tabs it shows. One generic engine
 * renders every definition. Capabilities (each one an option below, see schema/README.md):
 * month, year and date pickers with default presets and the "Rango" switch; searchable remote
 * multi-selects; typology-or-room; Todas/Reales/Virtuales; Sí/No; fixed option lists; filters on the
 * page (`inline`); cross-field rules; table notes; server and client paging; sort fields mapped to server fields; keyword search; expandable
 * rows (held by the row, or asked when it is opened, the screen's request then lean: `screenParams`); tabs, fixed or
 * one per value found in the data; column totals; number cards with Vega
 * expressions, a count-up and a comparison with its difference; bar, horizontal bar, pie, doughnut and line charts;
 * a source's rows grouped by Vega-Lite transforms (see schema/README.md); export with a question; print; row clicks
 * that open a full-screen widget; drill-down from a chart or a card to the rows behind it.
 */
import { z } from 'zod';
import {
  aggregateNames,
  chartKinds,
  datePresets,
  filterKinds,
  filterRuleNames,
  formatNames,
  lookupNames,
  menuGroups,
  optionListNames,
  pagingStyles,
  serviceNames,
  widgetIds,
} from './registries.ts';
import { vegaLiteTransformSchema } from './vegaLiteTransform.ts';

const d = (description: string) => ({ description });

/** The rights an employee may lack (employees.can_see_tips is `tips`); the server withholds what each covers. */
export const rightNames = ['tips'] as const;
export type RightName = (typeof rightNames)[number];
const right = z
  .enum(rightNames)
  .meta(d('The right that covers this figure: where the server withholds it (null, for an employee without the right), the screen, its total and the browser\'s files say "Sin permiso" instead of a blank or 0. Default: none (null is an empty value).'));

const identifier = z.string().regex(/^[a-z][a-zA-Z0-9]*$/).meta(d('A camelCase name.'));
const kebabId = z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/).meta(d('A kebab-case id.'));
/** A dot path into a JSON value, e.g. `data.incomings` or `user.name`. */
const path = z.string().regex(/^[A-Za-z_$][\w$]*(\.[\w$]+)*$/).meta(d('A dot path into the JSON, e.g. `data.rows` or `user.name`.'));
/** A Vega expression, evaluated without eval (vega-interpreter). */
const expression = z.string().min(1).meta(d('A Vega expression, evaluated without eval. `datum` is the row (or the source answer for cards); `trm` is today\'s TRM.'));
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A short Spanish statement of the formula behind a figure: shown behind an info icon, printed, listed on About. */
const help = z.string().min(1).meta(d('Spanish formula of the figure (e.g. "Ingreso real = ventas totales − descuento − propina − impuestos"), shown behind an info icon, printed under the cards and listed on About. Default: none; required on cards with a `value` expression.'));
const jsonScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const formatSchema = z.enum(formatNames).meta(d('A formatter name. Default: `text`.'));

const option = z.strictObject({ value: z.union([z.string(), z.number(), z.boolean()]), label: z.string() });

// --- Filters --------------------------------------------------------------------------------

const filterBase = {
  id: identifier.meta(d('Name of the filter in the URL and the form.')),
  label: z.string().optional().meta(d('Spanish label. Default: the kind\'s own label.')),
  hidden: z.boolean().optional().meta(d('Sent but not shown (fixed values). Default: false.')),
  inline: z.boolean().optional()
    .meta(d('Shown on the page above the blocks and applied as soon as it changes, instead of in the "Filtros" drawer (only in reports with one or two shown filters). Default: false.')),
};

/** Where a date filter's value goes in the request. */
const dateParams = z
  .union([
    z.string().meta(d('One parameter repeated: a day, or from and to.')),
    z.strictObject({ from: z.string(), to: z.string() }).meta(d('Two parameters: from and to.')),
  ])
  .meta(d('Request parameter(s). Default: the filter id.'));

const dateDefault = z
  .union([
    z.enum(datePresets),
    isoDate,
    z.strictObject({ from: isoDate, to: isoDate }),
  ])
  .meta(d('A preset resolved against today (UTC), a fixed day, or a fixed range. Default: none.'));

const dateFilter = z.strictObject({
  ...filterBase,
  kind: z.literal('date'),
  range: z
    .enum(['never', 'always', 'switch'])
    .default('switch')
    .meta(d('`switch` shows the "Rango" switch (toggling it clears the date). Default: `switch`.')),
  param: dateParams.optional(),
  default: dateDefault.optional(),
  maxToday: z.boolean().optional().meta(d('No day after today can be chosen. Default: false.')),
  defaultDay: z.enum(['first', 'last']).optional()
    .meta(d('Which day of a default period a single day takes (an end-date filter takes `last`). Default: `first`.')),
  swapReversed: z.boolean().optional()
    .meta(d('A range whose start is after its end is swapped on Aplicar (and in a link) instead of refused. Default: false (refused).')),
});

const monthFilter = z.strictObject({
  ...filterBase,
  kind: z.literal('month'),
  param: z.strictObject({ from: z.string(), to: z.string() }).meta(d('Receive the first and last day of the month.')),
  default: z.literal('currentMonth').optional().meta(d('Default: none.')),
});

const yearFilter = z.strictObject({
  ...filterBase,
  kind: z.literal('year'),
  param: z.string().optional(),
  options: z.literal('occupancyYears').default('occupancyYears').meta(d('2020, 2021, then each year up to ten after the current one.')),
  default: z.union([z.literal('currentYear'), z.number().int()]).default('currentYear'),
});

const selectFilter = z.strictObject({
  ...filterBase,
  kind: z.enum(['select', 'multiSelect']),
  param: z.string().optional(),
  options: z.union([z.enum(optionListNames), z.array(option).min(1)]).meta(d('A named option list or inline options.')),
  default: z.union([jsonScalar, z.array(z.union([z.string(), z.number()]))]).optional(),
});

const lookupFilter = z.strictObject({
  ...filterBase,
  kind: z.literal('lookup'),
  lookup: z.enum(lookupNames).meta(d('The remote list searched as the user types.')),
  multiple: z.boolean().default(true),
  allLabel: z.string().min(1).optional()
    .meta(d('What nothing chosen reads (e.g. "Todas"): shown in the field and the applied filters, and offered first in a single choice to clear it. Default: none (the field reads "Seleccionar…", no applied filter).')),
  param: z.string().optional(),
});

const typologyOrRoomFilter = z.strictObject({
  ...filterBase,
  kind: z.literal('typologyOrRoom'),
  param: z
    .strictObject({ typology: z.string(), place: z.string() })
    .default({ typology: 'typology', place: 'place' })
    .meta(d('Switching mode clears both choices.')),
});

const virtualTypeFilter = z.strictObject({
  ...filterBase,
  kind: z.literal('virtualType'),
  param: z.string().default('isVirtual'),
  default: z.enum(['all', 'real', 'virtual']).default('all').meta(d('Todas (no parameter), Reales (false), Virtuales (true).')),
});

const yesNoFilter = z.strictObject({
  ...filterBase,
  kind: z.literal('yesNo'),
  param: z.string().optional(),
  default: z.boolean().optional().meta(d('Default: no value (both).')),
});

const searchFilter = z.strictObject({
  ...filterBase,
  kind: z.literal('search'),
  param: z.string().default('search'),
});

export const filterSchema = z.discriminatedUnion('kind', [
  dateFilter,
  monthFilter,
  yearFilter,
  selectFilter,
  lookupFilter,
  typologyOrRoomFilter,
  virtualTypeFilter,
  yesNoFilter,
  searchFilter,
]);
// Every kind the registry names has a schema above; this fails to compile when one is missing.
const _allKinds: Record<(typeof filterKinds)[number], true> = {
  date: true, month: true, year: true, select: true, multiSelect: true, lookup: true,
  typologyOrRoom: true, virtualType: true, yesNo: true, search: true,
};
void _allKinds;

const filterRule = z.strictObject({
  rule: z.enum(filterRuleNames),
  filters: z.array(identifier).min(1).meta(d('The filters the rule reads.')),
  message: z.string().meta(d('Spanish message shown when the rule fails.')),
  title: z.string().default('Error'),
});

// --- Sources --------------------------------------------------------------------------------

export const sourceSchema = z.strictObject({
  service: z.enum(serviceNames).default('api').meta(d('Whose base URL. Default: `api`.')),
  path: z
    .string()
    .regex(/^\/[\w\-./{}]*$/)
    .meta(d('Request path; `{name}` takes a route parameter or the key of the opened row.')),
  params: z.record(z.string(), z.union([jsonScalar, z.array(z.union([z.string(), z.number()]))])).optional()
    .meta(d('Fixed request parameters.')),
  screenParams: z.record(z.string(), jsonScalar).optional()
    .meta(d('Request parameters the screen sends besides `params`, left out of the request of a file or print that carries nested lines (`export.lines`): the lean answer the screen draws (e.g. `bookings: \'none\'`, each row\'s figures without the rows it expands to, fetched by `expand.source` when a row is opened), the whole one for the file. Default: none.')),
  filters: z.array(identifier).optional().meta(d('The filters this source sends. Default: all of them.')),
  paging: z
    .discriminatedUnion('mode', [
      z.strictObject({ mode: z.literal('none') }),
      z.strictObject({ mode: z.literal('client') }),
      z.strictObject({
        mode: z.literal('server'),
        style: z.enum(pagingStyles).default('vuetify')
          .meta(d('`vuetify`: page, itemsPerPage, sortBy, sortDesc. `laravel`: page, per_page, sort=field|dir.')),
      }),
    ])
    .default({ mode: 'none' })
    .meta(d('Default: `none` (one request, every row).')),
  rows: path.optional().meta(d('Where the rows are in the answer. Default: `data`.')),
  total: path.optional().meta(d('Where the total row count is (server paging). Default: `total`.')),
  lazy: z.boolean().optional().meta(d('Fetched only when a block showing it is visible (tabs). Default: false.')),
  transform: z.array(vegaLiteTransformSchema).min(1).optional()
    .meta(d('Vega-Lite transforms (aggregate, joinaggregate, window, calculate, filter) run by Vega over the rows of the answer before any block reads them, so a table, its cards and a chart show the same grouping; the server runs the same for the table\'s files. The source asks every row (paging `none`) and its blocks read the transformed rows at `rows`. Run in the browser: see schema/README.md for when that fits and when a grouping belongs on the server. Default: none (the rows as answered).')),
}).refine((source) => source.transform === undefined || source.paging === undefined || source.paging.mode === 'none', {
  message: 'A source with `transform` asks every row: its paging is `none`.',
  path: ['paging'],
}).meta({
  // The same rule for ajv (npm run validate, editors).
  if: { required: ['transform'] },
  then: { properties: { paging: { properties: { mode: { const: 'none' } } } } },
});

// --- Drill-down -----------------------------------------------------------------------------

const routePathText = z.string().regex(/^\/[\w\-/:]*$/);

/** From a figure to the rows behind it: a click on a chart's mark (or its "Ver datos" row) or on a card opens them. */
export const drillSchema = z.strictObject({
  to: routePathText.optional()
    .meta(d('The route of the screen whose table holds the rows behind the figure (`/general/booking`). Default: this screen (its filters set, its tables show the rows).')),
  set: z.array(z.strictObject({
    filter: identifier.meta(d('The target\'s filter the click sets, e.g. `business`.')),
    field: path.meta(d('The field of the clicked chart row giving the value, e.g. `_id`.')),
    label: path.optional().meta(d('The field naming the value in the applied filters (a lookup\'s item), e.g. `name`. Default: the value itself.')),
    year: identifier.optional()
      .meta(d('For a month filter set from a month number (1–12) of the row: the year filter of this screen giving its year (Ocupación\'s months). Default: none (the field holds a day or `YYYY-MM`).')),
  })).min(1).optional()
    .meta(d('Filters of the target set from the clicked row of a chart (not on cards, which have no row). Default: none.')),
  filters: z.record(identifier, z.union([z.string(), z.array(z.string()).min(1)])).optional()
    .meta(d('Fixed values of the target\'s filters, written as its address writes them (`status: [\'confirmed\']`, `dateStart: \'{today}\'`, a range `from..to`); `{today}` is today in the operator\'s time zone, `{firstDay}` and `{lastDay}` the first and last day a date field accepts. Default: none (the target\'s defaults).')),
  carry: z.array(z.union([
    identifier,
    z.strictObject({
      from: identifier.meta(d('The filter of this screen, e.g. `month`.')),
      to: identifier.meta(d('The target\'s filter of the same kind taking its value, e.g. `stay`.')),
    }).meta(d('A filter carried to a filter of another id (Recaudo\'s `month` to Reservas\' `stay`).')),
  ])).min(1).optional()
    .meta(d('Filters of this screen whose applied value is carried to the target\'s filter of the same id (or the `to` id) and kind (the period). Default: none.')),
}).meta(d('Drill-down: a click (or Enter) on the figure opens the target screen with these filters in its address, shown as chips; the browser\'s back returns. Default: none (the figure is not a link).'));

// --- Blocks ---------------------------------------------------------------------------------

const rowClick = z.strictObject({
  widget: z.enum(widgetIds),
  key: path.meta(d('The row value handed to the widget, e.g. `ref`.')),
});

export const columnSchema = z.strictObject({
  field: path.optional().meta(d('The row value to show.')),
  value: expression.optional().meta(d('A computed value instead of a field.')),
  header: z.string(),
  format: formatSchema.optional(),
  total: z.enum(aggregateNames).optional().meta(d('Show a footer total. Default: none.')),
  sortField: z.string().optional().meta(d('Server sort name; `false`-y means not sortable on the server. Default: the field.')),
  sortable: z.boolean().default(true),
  align: z.enum(['left', 'right', 'center']).optional().meta(d('Default: right for numbers and money, else left.')),
  width: z.number().int().positive().optional(),
  searchable: z.boolean().default(true).meta(d('Included in the keyword search. Default: true.')),
  export: z.boolean().default(true).meta(d('Included in Excel and CSV. Default: true.')),
  help: help.optional(),
  link: rowClick.optional().meta(d('The cell is a link that opens this widget with its own key (e.g. the booking of an order row), whatever the row opens. Default: none (plain text).')),
  right: right.optional(),
});

export const expandParamsWithoutSource = '`params` are sent to `source`: name the source';
const expand = z.strictObject({
  rows: path.meta(d('Where a row\'s nested rows are: in the row (e.g. `bookings` or `values`), or with `source` in that source\'s answer (e.g. `data`).')),
  source: identifier.optional()
    .meta(d('The source asked for a row\'s nested rows when it is opened (one request per opened row, cached), with the applied filters it sends, its `params` and the row\'s `params`; a loading state, then the rows or the error with "Reintentar". Default: none (the row holds them).')),
  params: z.record(z.string(), path).optional()
    .meta(d('With `source`: request parameters taken from the opened row\'s fields, e.g. `{ place: \'_id\' }`. Default: none.')),
  columns: z.array(columnSchema).min(1),
  rowClick: rowClick.optional(),
}).refine((expand) => expand.params === undefined || expand.source !== undefined, {
  // npm run validate says it too (schema/validateDefinition.ts crossCheck).
  message: expandParamsWithoutSource,
  path: ['params'],
});

const monthTotals = z.strictObject({
  rows: path.meta(d('Nested dated values of a row, e.g. `rates`.')),
  date: path.meta(d('Their date field, e.g. `date`.')),
  value: path.meta(d('Their amount field, e.g. `totalRate`.')),
  format: formatSchema.default('money'),
}).meta(d('One extra column per month of the filtered period with the sum of the row\'s values in it.'));

const exportLines = z
  .strictObject({
    source: identifier.optional().meta(d('The source answering every row with its nested rows. Default: the table\'s source.')),
    rows: path.meta(d('The nested rows of a row, e.g. `items`.')),
    columns: z.array(columnSchema).min(1).meta(d('Columns of a nested row (fields read from it), after the table\'s.')),
    parentFigures: z.enum(['first', 'every']).default('first')
      .meta(d('Where the row\'s own totalled columns (its amounts) are written: `first` on its first line only, so the file\'s totals equal the screen\'s; `every` repeats them on each line, without totals. Default: `first`.')),
  })
  .meta(d('On Sí, one line per nested row (the row\'s own columns repeated; a row without nested rows gives one line). Default: none.'));

const exportOptions = z.strictObject({
  fileName: z.string().meta(d('File name without extension.')),
  rows: z.enum(['all', 'page']).default('all').meta(d('`all` fetches every row again for the file. Default: `all`.')),
  source: identifier.optional()
    .meta(d('The source whose every row makes the file and the print (an export call beside the paged one), planned with the same filters and sort. Default: the table\'s source.')),
  question: z
    .strictObject({
      text: z.string(),
      param: z.string().optional().meta(d('Request parameter the answer is sent as. Default: none sent.')),
      yes: jsonScalar.optional().meta(d('Value of `param` on Sí. Default: none sent.')),
      no: jsonScalar.optional().meta(d('Value of `param` on No. Default: none sent.')),
      lines: exportLines.optional(),
    })
    .optional()
    .meta(d('A Sí/No question asked before generating; the answer is sent as `param`, and Sí adds the `lines`.')),
  lines: exportLines.optional()
    .meta(d('Nested lines every file and print carry, unasked (e.g. the rows a row expands to); a question\'s Sí lines come first. Default: none.')),
  allTabs: z.strictObject({ header: z.string().meta(d('The header of the first column, naming each row\'s tab, e.g. `Tipología`.')) }).optional()
    .meta(d('A table in a data tab: its file and print hold every tab\'s rows (not only the open tab\'s), the tab named in a first column, and the totals of them all. Default: the open tab\'s rows.')),
});

const blockBase = {
  title: z.string().optional(),
  width: z.enum(['full', 'half', 'third']).default('full'),
};

const tableBlock = z.strictObject({
  ...blockBase,
  kind: z.literal('table'),
  source: identifier,
  rows: path.optional().meta(d('Rows path overriding the source\'s (several tables on one answer).')),
  columns: z.array(columnSchema).min(1),
  pageSizes: z.array(z.number().int().positive()).min(1).optional().meta(d('Default: no paging (all rows).')),
  search: z.enum(['none', 'client', 'server']).default('client').meta(d('Keyword search box. Default: `client`.')),
  defaultSort: z.strictObject({ field: z.string(), desc: z.boolean().default(false) }).optional(),
  pinnedColumns: z.number().int().min(0).default(0)
    .meta(d('How many leading columns (the identifying ones) stay in view when a wide table scrolls sideways; the table then scrolls inside its own box, so its header stays in view too. Default: 0 (none).')),
  rowKey: path.optional().meta(d('Unique row key. Default: `_id`, else the index.')),
  rowClick: rowClick.optional(),
  expand: expand.optional(),
  monthTotals: monthTotals.optional(),
  balanceColors: z.strictObject({ negative: z.string(), positive: z.string() }).optional()
    .meta(d('Colours of `balance` cells by their sign (the absolute value is shown). Default: uncoloured.')),
  export: exportOptions.optional().meta(d('Default: exported as the report title, all rows.')),
  note: z.string().min(1).optional()
    .meta(d('A Spanish sentence shown under the table and printed with it, e.g. which rows its totals count and how they differ from another screen\'s. Default: none.')),
});

const cardItem = z.strictObject({
  label: z.string(),
  field: path.optional(),
  value: expression.optional(),
  format: formatSchema.default('number'),
  usd: z.boolean().optional().meta(d('Also show the USD equivalent (COP / TRM). Default: false.')),
  animate: z.boolean().default(true).meta(d('Count up over 300 ms. Default: true.')),
  help: help.optional(),
  right: right.optional(),
  compare: z
    .strictObject({
      label: z.string().min(1).meta(d('What the figure is compared with, e.g. "Año anterior".')),
      field: path.meta(d('The comparison figure in the answer, e.g. `data.lastYear.adr`; shown in the card\'s format.')),
      delta: path.meta(d('The difference figure − comparison as the server answers it, e.g. `data.difference.adr.absolute`; shown with its sign, green when positive, red when negative.')),
      deltaPercent: path.optional()
        .meta(d('The difference as % of the comparison, e.g. `data.difference.adr.percent`, shown beside it in brackets. Default: not shown.')),
      deltaFormat: formatSchema.optional()
        .meta(d('Formatter of the difference, e.g. `points` for a difference of percentages. Default: the card\'s `format`.')),
    })
    .optional()
    .meta(d('A comparison under the figure (the same period last year): the comparison figure and the difference, both answered by the server, the difference coloured by its sign. A missing figure shows "—" uncoloured. Default: none.')),
  periodCompare: z.boolean().optional()
    .meta(d('Whether the figure takes part in "Comparar con:" (a screen with a period filter: the same card computed on its source asked again for the previous period or the same dates last year, shown under it with the signed difference). Default: true for a figure of a numeric format (number, decimal, integer, money, percent, hours, minutes, points, balance), false otherwise.')),
  drill: drillSchema.optional(),
});

const cardsBlock = z.strictObject({
  ...blockBase,
  kind: z.literal('cards'),
  source: identifier,
  cards: z.array(cardItem).min(1),
});

const chartBlock = z.strictObject({
  ...blockBase,
  kind: z.literal('chart'),
  source: identifier,
  chart: z.enum(chartKinds),
  rows: path.optional().meta(d('Where the chart\'s rows are. Default: the source\'s rows.')),
  category: path.meta(d('Category field (x of bars and lines, slices of pies).')),
  value: path.optional().meta(d('Numeric field. Required unless `seriesFields` or `fold` names the values.')),
  series: path.optional().meta(d('Field that splits rows into coloured series.')),
  seriesFields: z.array(z.strictObject({ field: path, label: z.string() })).min(2).optional()
    .meta(d('Several numeric fields of each row, each drawn as its own coloured series named by its label (potential and real per typology, app and desktop orders per hour), instead of `value` and `series`. Default: none (one value per row).')),
  categoryLabel: z.string().optional(),
  categoryFormat: formatSchema.optional().meta(d('Formatter of the category labels, e.g. `date` for days. Default: `text`.')),
  valueLabel: z.string().optional(),
  format: formatSchema.default('number'),
  fold: z.array(z.strictObject({ field: path, label: z.string() })).optional()
    .meta(d('Turn fields of one object into rows {category: label, value}.')),
  help: help.optional(),
  dataTable: z.boolean().default(true)
    .meta(d('A "Ver datos" toggle under the chart: its rows as an accessible table (category, value, and the share % of pies and doughnuts), exportable and printed under the chart. Default: true.')),
  drill: drillSchema.optional(),
}).refine((chart) => chart.value !== undefined || chart.seriesFields !== undefined || chart.fold !== undefined, {
  message: 'A chart needs `value`, `seriesFields` or `fold`.',
  path: ['value'],
});

const widgetBlock = z.strictObject({
  ...blockBase,
  kind: z.literal('widget'),
  widget: z.enum(widgetIds),
  source: identifier.optional(),
  options: z.record(z.string(), z.union([jsonScalar, z.array(jsonScalar)])).optional(),
});

interface TabsShape<B> {
  kind: 'tabs';
  title?: string | undefined;
  tabs?: Array<{ title: string; blocks: B[] }> | undefined;
  fromData?: { source: string; rows: string; title: string; blocks: B[] } | undefined;
}

/** A block as the engine reads it (defaults filled). */
export type Block =
  | z.output<typeof tableBlock>
  | z.output<typeof cardsBlock>
  | z.output<typeof chartBlock>
  | z.output<typeof widgetBlock>
  | (TabsShape<Block> & { width: 'full' | 'half' | 'third' });

/** A block as a definition writes it (defaults may be omitted). */
export type BlockInput =
  | z.input<typeof tableBlock>
  | z.input<typeof cardsBlock>
  | z.input<typeof chartBlock>
  | z.input<typeof widgetBlock>
  | (TabsShape<BlockInput> & { width?: 'full' | 'half' | 'third' | undefined });

const tabsBlock = z.strictObject({
  ...blockBase,
  kind: z.literal('tabs'),
  get tabs() {
    return z.array(z.strictObject({ title: z.string(), blocks: z.array(blockSchema).min(1) })).min(1).optional()
      .meta(d('Fixed tabs.'));
  },
  get fromData() {
    return z
      .strictObject({
        source: identifier,
        rows: path.meta(d('One tab per element found here.')),
        title: path.meta(d('The tab title field of each element.')),
        blocks: z.array(blockSchema).min(1).meta(d('Blocks of each tab; their `rows` paths are relative to the element.')),
      })
      .optional()
      .meta(d('One tab per value found in the data.'));
  },
});

export const blockSchema: z.ZodType<Block, BlockInput> = z.discriminatedUnion('kind', [
  tableBlock,
  cardsBlock,
  chartBlock,
  widgetBlock,
  tabsBlock,
]) as unknown as z.ZodType<Block, BlockInput>;

// --- The definition -------------------------------------------------------------------------

const routePath = z.string().regex(/^\/[\w\-/:]*$/);
export const menuEntrySchema = z.strictObject({
  group: z.enum(menuGroups),
  order: z.number().int(),
  label: z.string().optional(),
  requires: z
    .enum(rightNames)
    .optional()
    .meta(d('The right the screen needs: the sidebar hides the entry from an employee without it (the server refuses them its data). Default: none (every employee).')),
});

export const reportDefinitionSchema = z.strictObject({
  id: kebabId,
  route: routePath.meta(d('Path of the screen; `:name` segments are route parameters.')),
  title: z.string(),
  menu: menuEntrySchema.optional().meta(d('Sidebar entry. Default: not in the sidebar.')),
  alsoAt: z
    .array(z.strictObject({
      route: routePath.meta(d('Another path of the same screen.')),
      menu: menuEntrySchema.optional().meta(d('Its sidebar entry. Default: not in the sidebar.')),
    }))
    .optional()
    .meta(d('Further routes showing this same screen (one definition where the route map names two places), each with its own sidebar entry. Default: none.')),
  routeParams: z
    .record(z.string(), z.array(z.strictObject({ value: z.string(), label: z.string() })).min(1))
    .optional()
    .meta(d('Allowed values of each route parameter, with their labels (one sidebar entry each).')),
  sources: z.record(identifier, sourceSchema),
  filters: z.array(filterSchema).default([]),
  filterRules: z.array(filterRule).default([]),
  blocks: z.array(blockSchema).min(1),
  print: z.boolean().default(true).meta(d('Offer printing. Default: true.')),
  errorTexts: z.enum(['plain', 'accented']).default('plain')
    .meta(d('How the generic load-failure notice is written: `accented` says "comunicación", as the spec writes it on POS screens. Default: `plain` ("comunicacion").')),
});

export type ReportDefinitionInput = z.input<typeof reportDefinitionSchema>;
export type ReportDefinition = z.output<typeof reportDefinitionSchema>;
export type FilterDefinition = z.output<typeof filterSchema>;
export type SourceDefinition = z.output<typeof sourceSchema>;
export type ColumnDefinition = z.output<typeof columnSchema>;
export type ColumnInput = z.input<typeof columnSchema>;
export type FilterInput = z.input<typeof filterSchema>;
export type TableBlock = Extract<Block, { kind: 'table' }>;
export type TableBlockInput = Extract<BlockInput, { kind: 'table' }>;
export type DrillDefinition = z.output<typeof drillSchema>;
