import { z } from 'zod';
import type { BlockInput, ColumnInput, ReportDefinitionInput } from '../reportDefinition.ts';
import { transformFieldReads, transformedFields, type VegaLiteTransform } from '../vegaLiteTransform.ts';
import { closest, followPath, isList, keysOf, rowsOf } from './answerPaths.ts';
import { apiContract, sourceRoute } from './routes.ts';

/** DefinitionIssue of schema/validateDefinition.ts, said by shape so that neither module imports the other. */
type Issue = { path: string; message: string };

/** Values of one place in a route's answer: the answer itself, or the rows of a list in it (a tab's elements too). */
interface Scope {
  shapes: z.ZodType[];
  route: string;
  /** The path of the rows from the answer, through the lists on the way (`data.bookings`). */
  rows?: string;
}

const nameOf = (scope: Scope) => (scope.rows === undefined ? `the answer of ${scope.route}` : `the rows "${scope.rows}" of ${scope.route}`);

/**
 * The answer a transformed source hands its blocks: its rows at `rowsPath` replaced by the rows its Vega-Lite
 * transforms make, whose fields `transformedFields` names without running them. Undefined when the rows are not there.
 */
function transformedAnswer(answer: z.ZodType, rowsPath: string, transform: readonly VegaLiteTransform[], wrong: (at: string, name: string, fields: string[]) => void): z.ZodType | undefined {
  const found = followPath([answer], rowsPath);
  if (!found.found) return undefined;
  // Each step reads the fields the steps before it made (a dotted name reads inside its first part).
  let fields = found.shapes.flatMap(rowsOf).flatMap(keysOf);
  transform.forEach((step, s) => {
    for (const read of transformFieldReads(step)) {
      if (!fields.includes(read.name.split('.')[0]!)) wrong(`${s}/${read.at}`, read.name, fields);
    }
    fields = transformedFields([step], fields);
  });
  const row = z.object(Object.fromEntries(fields.map((name) => [name, z.unknown()])));
  return rowsPath.split('.').reduceRight<z.ZodType>((inner, key) => z.object({ [key]: inner }), z.array(row));
}

const getRoutes = Object.keys(apiContract).filter((key) => key.startsWith('GET ')).map((key) => key.slice(4).replace(/:(\w+)/g, '{$1}'));

/**
 * Checks, without a database, that every field path of a definition (columns, cards, charts, sorts, row keys, links,
 * the rows and total of its sources) is in the answer its source's route declares in schema/contract. The sources of
 * `skipSources` and their blocks are not checked.
 */
export function checkFieldPaths(definition: ReportDefinitionInput, skipSources: ReadonlySet<string> = new Set()): Issue[] {
  const issues: Issue[] = [];
  const sources = definition.sources ?? {};
  const answers = new Map<string, Scope>();

  const missing = (scope: Scope, path: string, at: string, what = 'field') => {
    const result = followPath(scope.shapes, path);
    if (result.found) return result.shapes;
    const tail = result.at ? path.slice(result.at.length + 1) : path;
    const wrong = tail.split('.')[0]!;
    const near = closest(wrong, result.keys);
    const prefix = result.at ? `${result.at}.` : '';
    const hint = near ? `; did you mean \`${prefix}${near}\`?` : `; it has ${result.keys.map((k) => `\`${k}\``).join(', ') || 'no fields'}`;
    issues.push({ path: at, message: `${what} "${path}" is not in ${nameOf(scope)}${hint}` });
    return undefined;
  };
  const field = (scope: Scope | undefined, path: string | undefined, at: string) => {
    if (scope && path !== undefined) missing(scope, path, at);
  };
  /** The rows at `path` of `scope`, or the scope's own rows when no path is given. */
  const rowsAt = (scope: Scope | undefined, path: string | undefined, at: string, oneObject = false): Scope | undefined => {
    if (!scope) return undefined;
    if (path === undefined) return { ...scope, shapes: scope.shapes.flatMap(rowsOf) };
    const shapes = missing(scope, path, at, 'rows');
    if (!shapes) return undefined;
    if (!oneObject && !shapes.some(isList)) {
      issues.push({ path: at, message: `rows "${path}" of ${nameOf(scope)} is not a list` });
      return undefined;
    }
    return { shapes: shapes.flatMap(rowsOf), route: scope.route, rows: scope.rows === undefined ? path : `${scope.rows}.${path}` };
  };

  for (const [id, source] of Object.entries(sources)) {
    if (skipSources.has(id)) continue;
    const route = sourceRoute(source.path);
    if (!route?.answer) {
      const near = closest(source.path, getRoutes);
      issues.push({ path: `/sources/${id}/path`, message: `no API route answers GET ${source.path}${near ? `; did you mean \`${near}\`?` : ''}` });
      continue;
    }
    const rowsPath = source.rows ?? 'data';
    const wrong = (at: string, name: string, fields: string[]) => {
      const near = closest(name, fields);
      issues.push({
        path: `/sources/${id}/transform/${at}`,
        message: `field "${name}" is not in the rows this step is given (${source.path}, then the steps before)${near ? `; did you mean \`${near}\`?` : `; they have ${fields.map((k) => `\`${k}\``).join(', ')}`}`,
      });
    };
    const grouped = source.transform ? transformedAnswer(route.answer, rowsPath, source.transform as VegaLiteTransform[], wrong) : undefined;
    if (source.transform && !grouped) {
      field({ shapes: [route.answer], route: source.path }, rowsPath, `/sources/${id}/rows`);
      continue;
    }
    const answer: Scope = { shapes: [grouped ?? route.answer], route: grouped ? `${source.path} (transformed)` : source.path };
    answers.set(id, answer);
    if (source.paging?.mode === 'server') field(answer, source.total ?? 'total', `/sources/${id}/total`);
  }

  /** A block's rows: inside a data tab relative to its element, else at its path, its source's, or `data`. */
  const blockRows = (block: { source: string; rows?: string | undefined }, at: string, element: Scope | undefined, oneObject = false) => {
    if (element) return rowsAt(element, block.rows, `${at}/rows`, oneObject);
    const source = sources[block.source];
    const path = block.rows ?? source?.rows ?? 'data';
    const where = block.rows !== undefined ? `${at}/rows` : source?.rows !== undefined ? `/sources/${block.source}/rows` : at;
    return rowsAt(answers.get(block.source), path, where, oneObject);
  };

  const columns = (scope: Scope | undefined, list: readonly ColumnInput[], at: string) => {
    list.forEach((column, c) => {
      field(scope, column.field, `${at}/${c}/field`);
      field(scope, column.link?.key, `${at}/${c}/link/key`);
    });
  };

  const visit = (blocks: readonly BlockInput[] | undefined, at: string, element: Scope | undefined) => {
    (blocks ?? []).forEach((block, i) => {
      const here = `${at}/${i}`;
      if (block.kind === 'tabs') {
        block.tabs?.forEach((tab, t) => visit(tab.blocks, `${here}/tabs/${t}/blocks`, element));
        if (block.fromData) {
          const tabElement = rowsAt(element ?? answers.get(block.fromData.source), block.fromData.rows, `${here}/fromData/rows`);
          field(tabElement, block.fromData.title, `${here}/fromData/title`);
          visit(block.fromData.blocks, `${here}/fromData/blocks`, tabElement);
        }
        return;
      }
      if (block.kind === 'widget') return;
      if (block.kind === 'cards') {
        const datum = element ?? answers.get(block.source);
        block.cards.forEach((card, c) => {
          field(datum, card.field, `${here}/cards/${c}/field`);
          field(datum, card.compare?.field, `${here}/cards/${c}/compare/field`);
          field(datum, card.compare?.delta, `${here}/cards/${c}/compare/delta`);
          field(datum, card.compare?.deltaPercent, `${here}/cards/${c}/compare/deltaPercent`);
        });
        return;
      }
      if (block.kind === 'chart') {
        const rows = blockRows(block, here, element, block.fold !== undefined);
        if (block.fold) {
          block.fold.forEach((fold, f) => field(rows, fold.field, `${here}/fold/${f}/field`));
          return;
        }
        field(rows, block.category, `${here}/category`);
        field(rows, block.value, `${here}/value`);
        field(rows, block.series, `${here}/series`);
        block.seriesFields?.forEach((series, s) => field(rows, series.field, `${here}/seriesFields/${s}/field`));
        // A drill reads the clicked row's fields.
        block.drill?.set?.forEach((set, s) => {
          field(rows, set.field, `${here}/drill/set/${s}/field`);
          field(rows, set.label, `${here}/drill/set/${s}/label`);
        });
        return;
      }
      const rows = blockRows(block, here, element);
      columns(rows, block.columns, `${here}/columns`);
      field(rows, block.rowKey, `${here}/rowKey`);
      field(rows, block.rowClick?.key, `${here}/rowClick/key`);
      const sort = block.defaultSort?.field;
      if (sort !== undefined && !block.columns.some((column) => column.sortField === sort)) field(rows, sort, `${here}/defaultSort/field`);
      if (block.expand) {
        // Nested rows of a source of their own are in its answer, asked with the opened row's fields.
        const nestedSource = block.expand.source;
        const expanded = nestedSource === undefined ? rowsAt(rows, block.expand.rows, `${here}/expand/rows`) : rowsAt(answers.get(nestedSource), block.expand.rows, `${here}/expand/rows`);
        Object.entries(block.expand.params ?? {}).forEach(([name, path]) => field(rows, path, `${here}/expand/params/${name}`));
        columns(expanded, block.expand.columns, `${here}/expand/columns`);
        field(expanded, block.expand.rowClick?.key, `${here}/expand/rowClick/key`);
      }
      if (block.monthTotals) {
        const values = rowsAt(rows, block.monthTotals.rows, `${here}/monthTotals/rows`);
        field(values, block.monthTotals.date, `${here}/monthTotals/date`);
        field(values, block.monthTotals.value, `${here}/monthTotals/value`);
      }
      const lines = block.export?.lines;
      if (lines) {
        const lineSource = lines.source ?? block.export?.source;
        const parents = lineSource && lineSource !== block.source ? blockRows({ source: lineSource }, `${here}/export/lines/source`, undefined) : rows;
        columns(rowsAt(parents, lines.rows, `${here}/export/lines/rows`), lines.columns, `${here}/export/lines/columns`);
      }
    });
  };
  visit(definition.blocks, '/blocks', undefined);
  // A source's default rows read by several blocks is one problem.
  return issues.filter((issue, i) => issues.findIndex((other) => other.path === issue.path && other.message === issue.message) === i);
}
