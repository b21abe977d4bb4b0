import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { blocksOf, expressionIssues, type DefinitionIssue } from './expressionIssues.ts';
import { checkFieldPaths } from './contract/checkPaths.ts';
import { reportJsonSchema } from './jsonSchema.ts';
import type { Block, DrillDefinition, FilterDefinition, FilterInput, ReportDefinitionInput } from './reportDefinition.ts';
import { expandParamsWithoutSource, filterSchema } from './reportDefinition.ts';
import { carriedPair, clickableKinds, fixedDrillValue } from '../core/report/drill.ts';
import { closestName, didYouMean } from './suggest.ts';

export type { DefinitionIssue };

// `verbose` gives each error the value at fault and the schema around it (the allowed keys of an unknown one).
const ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true });
const validateJson = ajv.compile(reportJsonSchema());

const depth = (pointer: string) => (pointer === '' ? 0 : pointer.split('/').length - 1);
const parentOf = (pointer: string) => pointer.slice(0, pointer.lastIndexOf('/'));
const within = (pointer: string, at: string) => pointer === at || pointer.startsWith(`${at}/`);

/**
 * A failed `oneOf`/`anyOf` reports every alternative's errors (about 30 lines for one unknown key in a column). Keeps
 * only the alternative the author meant: the one whose discriminator (`kind`) matches, else the one that got deepest.
 * When no alternative's discriminator matches, one error says the discriminator is wrong.
 */
function collapseAlternatives(errors: ErrorObject[]): ErrorObject[] {
  let kept = errors;
  const alternatives = errors
    .filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')
    .sort((a, b) => depth(a.instancePath) - depth(b.instancePath) || a.schemaPath.length - b.schemaPath.length);
  for (const alternative of alternatives) {
    if (!kept.includes(alternative)) continue;
    const prefix = `${alternative.schemaPath}/`;
    const branches = new Map<string, ErrorObject[]>();
    for (const e of kept) {
      if (e === alternative || !e.schemaPath.startsWith(prefix) || !within(e.instancePath, alternative.instancePath)) continue;
      const branch = e.schemaPath.slice(prefix.length).split('/')[0]!;
      branches.set(branch, [...(branches.get(branch) ?? []), e]);
    }
    // Several alternatives matched: the alternative's own message says so.
    if (branches.size === 0) continue;
    // A discriminator error (a `kind` that is another alternative's) says the author did not mean that alternative.
    const isMiss = (e: ErrorObject) =>
      ((e.keyword === 'const' || e.keyword === 'enum') && parentOf(e.instancePath) === alternative.instancePath) ||
      (e.keyword === 'type' && e.instancePath === alternative.instancePath);
    const misses = (list: ErrorObject[]) => list.filter(isMiss).length;
    const ranked = [...branches.values()].sort(
      (a, b) =>
        misses(a) - misses(b) ||
        Math.max(...b.map((e) => depth(e.instancePath))) - Math.max(...a.map((e) => depth(e.instancePath))) ||
        a.length - b.length,
    );
    const best = ranked[0]!;
    const dropped = new Set([alternative, ...[...branches.values()].flat()]);
    let replacement = best;
    // No alternative's discriminator matches: one error naming every allowed value at that place.
    const wrong = best.find((e) => e.keyword === 'const' && isMiss(e));
    if (wrong) {
      const allowed = [...branches.values()].flat().filter((e) => isMiss(e) && e.instancePath === wrong.instancePath).flatMap((e) => {
        const params = e.params as { allowedValue?: unknown; allowedValues?: unknown[] };
        return e.keyword === 'const' ? [params.allowedValue] : (params.allowedValues ?? []);
      });
      // The other errors of that alternative follow from the wrong discriminator.
      replacement = [{ ...wrong, keyword: 'enum', params: { allowedValues: [...new Set(allowed)] } }];
    }
    kept = [...kept.filter((e) => !dropped.has(e)), ...replacement];
  }
  return kept;
}

const quoted = (value: unknown) => JSON.stringify(value);
const allowedKeys = (e: ErrorObject) => Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});

/** A misspelt required key is one mistake, not two: its "unknown key" line names it, the "missing key" line goes. */
function dropMisspeltRequired(errors: ErrorObject[]): ErrorObject[] {
  const meant = new Set(
    errors
      .filter((e) => e.keyword === 'additionalProperties')
      .map((e) => `${e.instancePath}\n${closestName(String((e.params as { additionalProperty: string }).additionalProperty), allowedKeys(e))}`),
  );
  return errors.filter((e) => e.keyword !== 'required' || !meant.has(`${e.instancePath}\n${String((e.params as { missingProperty: string }).missingProperty)}`));
}

/** One line for one schema error: the wrong name, and what would be right. */
function describe(e: ErrorObject): DefinitionIssue {
  const path = e.instancePath || '/';
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      return { path, message: `unknown key ${quoted(key)}${didYouMean(key, allowedKeys(e))}` };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const list = allowed.length <= 40 ? `: one of ${allowed.join(', ')}` : '';
      return { path, message: `${quoted(e.data)} is not allowed${didYouMean(String(e.data), allowed) || list}` };
    }
    case 'const':
      return { path, message: `${quoted(e.data)} is not allowed: must be ${quoted(params.allowedValue)}` };
    case 'required':
      return { path, message: `missing key ${quoted(params.missingProperty)}` };
    case 'pattern': {
      const description = (e.parentSchema as { description?: string } | undefined)?.description;
      return { path, message: `${quoted(e.data)} is not valid${description ? `: ${description}` : ` (must match ${String(params.pattern)})`}` };
    }
    default:
      return { path, message: e.message ?? 'invalid' };
  }
}

/** A table's default sort must name one of its sortable columns, as the table and the request name them. */
function defaultSortIssue(block: Extract<Block, { kind: 'table' }>, at: string, serverPaging: boolean): DefinitionIssue | undefined {
  const field = block.defaultSort?.field;
  if (field === undefined) return undefined;
  const sortable = (block.columns ?? []).filter((c) => c.sortable !== false && !(serverPaging && c.sortField === ''));
  const names = new Set(sortable.flatMap((c) => [c.sortField || c.field, c.field].filter((n): n is string => Boolean(n))));
  if (names.has(field)) return undefined;
  const unsortable = (block.columns ?? []).some((c) => c.field === field || c.sortField === field);
  return {
    path: `${at}/defaultSort/field`,
    message: unsortable
      ? `the column of "${field}" is not sortable`
      : `no sortable column of this table has "${field}"${didYouMean(field, names)}`,
  };
}

/** A definition's routes: its own and its `alsoAt`. */
const routesOf = (definition: ReportDefinitionInput) => [definition.route, ...(definition.alsoAt ?? []).map((place) => place.route)];

/** A filter as the engine reads it (defaults filled), or undefined when it is not valid. */
const parsedFilter = (filter: FilterInput): FilterDefinition | undefined => {
  const parsed = filterSchema.safeParse(filter);
  return parsed.success ? parsed.data : undefined;
};

/**
 * A drill's names: its target route among the definitions (`all`, when given), the target's filters it sets, the values
 * it fixes (read as the target's address reads them), this screen's filters it carries, and no clicked row on a card.
 */
function drillIssues(drill: DrillDefinition, at: string, definition: ReportDefinitionInput, all: readonly ReportDefinitionInput[] | undefined, onCard: boolean): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  let target: ReportDefinitionInput | undefined = definition;
  if (drill.to !== undefined && !routesOf(definition).includes(drill.to)) {
    if (all === undefined) return issues;
    target = all.find((other) => routesOf(other).includes(drill.to!));
    if (!target) {
      issues.push({ path: `${at}/to`, message: `unknown route "${drill.to}"${didYouMean(drill.to, all.flatMap(routesOf))}` });
      return issues;
    }
  }
  const where = drill.to ?? 'this screen';
  const targetFilters = target.filters ?? [];
  const ids = targetFilters.map((filter) => filter.id);
  const filterOf = (id: string, path: string): FilterInput | undefined => {
    const filter = targetFilters.find((f) => f.id === id);
    if (!filter) issues.push({ path, message: `unknown filter "${id}" of ${where}${didYouMean(id, ids) || (ids.length ? `: it has ${ids.join(', ')}` : ': it has no filters')}` });
    else if (filter.hidden) issues.push({ path, message: `the filter "${id}" of ${where} is hidden: its address cannot set it` });
    return filter && !filter.hidden ? filter : undefined;
  };
  if (onCard && drill.set) issues.push({ path: `${at}/set`, message: 'a card has no clicked row: give its filters under "filters"' });
  drill.set?.forEach((entry, i) => {
    const filter = filterOf(entry.filter, `${at}/set/${i}/filter`);
    if (filter && !clickableKinds.has(filter.kind)) {
      issues.push({ path: `${at}/set/${i}/filter`, message: `the filter "${entry.filter}" of ${where} is a ${filter.kind}: a click sets only ${[...clickableKinds].join(', ')}` });
    }
    if (entry.year !== undefined) {
      const year = (definition.filters ?? []).find((f) => f.id === entry.year);
      if (!year || year.kind !== 'year') {
        const years = (definition.filters ?? []).filter((f) => f.kind === 'year').map((f) => f.id);
        issues.push({ path: `${at}/set/${i}/year`, message: `no year filter "${entry.year}" on this screen${didYouMean(entry.year, years)}` });
      }
      if (filter && filter.kind !== 'month') issues.push({ path: `${at}/set/${i}/year`, message: `a year names the month of a month filter; "${entry.filter}" of ${where} is a ${filter.kind}` });
    }
  });
  for (const [id, given] of Object.entries(drill.filters ?? {})) {
    const input = filterOf(id, `${at}/filters/${id}`);
    const filter = input && parsedFilter(input);
    if (filter && fixedDrillValue(filter, given, { today: '2026-01-15' }) === undefined) {
      issues.push({ path: `${at}/filters/${id}`, message: `${JSON.stringify(given)} is not a value the ${filter.kind} filter "${id}" of ${where} reads` });
    }
  }
  const mine = definition.filters ?? [];
  drill.carry?.forEach((entry, i) => {
    const { from: id, to } = carriedPair(entry);
    const own = mine.find((filter) => filter.id === id);
    if (!own) {
      issues.push({ path: `${at}/carry/${i}`, message: `unknown filter "${id}" of this screen${didYouMean(id, mine.map((filter) => filter.id))}` });
      return;
    }
    const theirs = filterOf(to, `${at}/carry/${i}`);
    if (theirs && theirs.kind !== own.kind) issues.push({ path: `${at}/carry/${i}`, message: `the filter "${id}" is a ${own.kind} here and ${to === id ? 'a' : `"${to}" a`} ${theirs.kind} on ${where}` });
  });
  return issues;
}

/**
 * What a schema cannot say: names that must refer to each other inside one definition, and, given every definition
 * (`all`), the routes and filters its drills name on other screens.
 */
export function crossCheck(definition: ReportDefinitionInput, all?: readonly ReportDefinitionInput[]): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const sources = new Set(Object.keys(definition.sources ?? {}));
  const filterIds = (definition.filters ?? []).map((f) => f.id);
  const filters = new Set(filterIds);
  filterIds.forEach((id, i) => {
    if (filterIds.indexOf(id) !== i) issues.push({ path: `/filters/${i}/id`, message: `duplicate filter id "${id}"` });
  });
  for (const [name, source] of Object.entries(definition.sources ?? {})) {
    for (const [i, id] of (source.filters ?? []).entries()) {
      if (!filters.has(id)) issues.push({ path: `/sources/${name}/filters/${i}`, message: `unknown filter "${id}"${didYouMean(id, filters)}` });
    }
  }
  // Filters on the page are for screens with one or two filters; more belong in the drawer.
  const shown = (definition.filters ?? []).filter((f) => !f.hidden);
  const inline = (definition.filters ?? []).findIndex((f) => f.inline && !f.hidden);
  if (inline >= 0 && shown.length > 2) {
    issues.push({ path: `/filters/${inline}/inline`, message: 'an inline filter needs a report with at most 2 shown filters' });
  }
  for (const [i, rule] of (definition.filterRules ?? []).entries()) {
    for (const [j, id] of (rule.filters ?? []).entries()) {
      if (!filters.has(id)) issues.push({ path: `/filterRules/${i}/filters/${j}`, message: `unknown filter "${id}"${didYouMean(id, filters)}` });
    }
  }
  for (const [block, at] of blocksOf(definition.blocks as Block[], '/blocks')) {
    const source = block.kind === 'tabs' ? block.fromData?.source : block.source;
    if (source !== undefined && !sources.has(source)) issues.push({ path: `${at}/source`, message: `unknown source "${source}"${didYouMean(source, sources)}` });
    const exportSource = block.kind === 'table' ? block.export?.source : undefined;
    if (exportSource !== undefined && !sources.has(exportSource)) {
      issues.push({ path: `${at}/export/source`, message: `unknown source "${exportSource}"${didYouMean(exportSource, sources)}` });
    }
    if (block.kind === 'table' && block.expand?.params !== undefined && block.expand.source === undefined) {
      issues.push({ path: `${at}/expand/params`, message: expandParamsWithoutSource });
    }
    const expandSource = block.kind === 'table' ? block.expand?.source : undefined;
    if (expandSource !== undefined && !sources.has(expandSource)) {
      issues.push({ path: `${at}/expand/source`, message: `unknown source "${expandSource}"${didYouMean(expandSource, sources)}` });
    }
    if (block.kind === 'table' || block.kind === 'cards') {
      const items = block.kind === 'table' ? block.columns : block.cards;
      for (const [c, item] of (items ?? []).entries()) {
        if ((item.field === undefined) === (item.value === undefined)) {
          issues.push({ path: `${at}/${block.kind === 'table' ? 'columns' : 'cards'}/${c}`, message: 'needs exactly one of "field" or "value"' });
        }
      }
    }
    if (block.kind === 'chart' && block.drill) issues.push(...drillIssues(block.drill, `${at}/drill`, definition, all, false));
    if (block.kind === 'cards') {
      block.cards.forEach((card, c) => {
        if (card.drill) issues.push(...drillIssues(card.drill, `${at}/cards/${c}/drill`, definition, all, true));
      });
    }
    if (block.kind === 'table') {
      const serverPaging = source !== undefined && definition.sources?.[source]?.paging?.mode === 'server';
      const sortIssue = defaultSortIssue(block, at, serverPaging);
      if (sortIssue) issues.push(sortIssue);
    }
  }
  issues.push(...expressionIssues(definition));
  return issues;
}

/**
 * Validates a definition against the generated JSON Schema (ajv), one issue per mistake, then its cross-references
 * (also on a definition the schema refused, as far as they can be read, so that every mistake is named at once).
 * Given every definition (`all`), a drill's route and the target's filters are checked too.
 */
export function validateDefinition(definition: unknown, all?: readonly ReportDefinitionInput[]): DefinitionIssue[] {
  if (validateJson(definition)) return withFieldPaths(definition as ReportDefinitionInput, crossCheck(definition as ReportDefinitionInput, all));
  const seen = new Set<string>();
  // A failed `if` (a transform's kind chain) adds "must match then" beside its branch's own error: that one says it.
  const errors = (validateJson.errors ?? []).filter((e) => e.keyword !== 'if');
  const issues = dropMisspeltRequired(collapseAlternatives(errors)).map(describe).filter((issue) => {
    const key = `${issue.path}\n${issue.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  let crossIssues: DefinitionIssue[] = [];
  try {
    crossIssues = withFieldPaths(definition as ReportDefinitionInput, [...issues, ...crossCheck(definition as ReportDefinitionInput, all)]).slice(issues.length);
  } catch {
    // A shape the schema refused may not be readable; its schema issues say why.
  }
  return [...issues, ...crossIssues.filter((issue) => !seen.has(`${issue.path}\n${issue.message}`))];
}

/**
 * `issues` and, after them, the field paths the source routes' answers lack (schema/contract/checkPaths.ts): one
 * problem per place (a default sort no column has is said once), and none for the blocks of a source whose transforms
 * are already refused (the rows they would make are unknown).
 */
function withFieldPaths(definition: ReportDefinitionInput, issues: DefinitionIssue[]): DefinitionIssue[] {
  const said = new Set(issues.map((issue) => issue.path));
  const refused = new Set(issues.flatMap((issue) => /^\/sources\/([^/]+)\/transform(\/|$)/.exec(issue.path)?.[1] ?? []));
  const paths = checkFieldPaths(definition, refused).filter((issue) => ![...said].some((path) => issue.path === path || issue.path.startsWith(`${path}/`)));
  return [...issues, ...paths];
}
