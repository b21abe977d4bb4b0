import { Ajv2020 } from 'ajv/dist/2020.js';
import { checkFieldPaths } from './contract/checkPaths.ts';
import { reportJsonSchema } from './jsonSchema.ts';
import type { Block, ReportDefinitionInput } from './reportDefinition.ts';

export interface DefinitionIssue {
  /** JSON pointer inside the definition, e.g. `/blocks/0/columns/2/format`. */
  path: string;
  message: string;
}

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validateJson = ajv.compile(reportJsonSchema());

function* blocksOf(blocks: readonly Block[] | undefined, at: string): Generator<[Block, string]> {
  for (const [i, block] of (blocks ?? []).entries()) {
    yield [block, `${at}/${i}`];
    if (block.kind === 'tabs') {
      for (const [t, tab] of (block.tabs ?? []).entries()) yield* blocksOf(tab.blocks, `${at}/${i}/tabs/${t}/blocks`);
      if (block.fromData) yield* blocksOf(block.fromData.blocks, `${at}/${i}/fromData/blocks`);
    }
  }
}

/** What a schema cannot say: names that must refer to each other inside one definition. */
export function crossCheck(definition: ReportDefinitionInput): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const sources = new Set(Object.keys(definition.sources ?? {}));
  const filterIds = (definition.filters ?? []).map((f) => f.id);
  const filters = new Set(filterIds);
  filterIds.forEach((id, i) => {
    if (filterIds.indexOf(id) !== i) issues.push({ path: `/filters/${i}/id`, message: `duplicate filter id "${id}"` });
  });
  for (const [name, source] of Object.entries(definition.sources ?? {})) {
    for (const [i, id] of (source.filters ?? []).entries()) {
      if (!filters.has(id)) issues.push({ path: `/sources/${name}/filters/${i}`, message: `unknown filter "${id}"` });
    }
  }
  // Filters on the page are for screens with one or two filters; more belong in the drawer.
  const shown = (definition.filters ?? []).filter((f) => !f.hidden);
  const inline = (definition.filters ?? []).findIndex((f) => f.inline && !f.hidden);
  if (inline >= 0 && shown.length > 2) {
    issues.push({ path: `/filters/${inline}/inline`, message: 'an inline filter needs a report with at most 2 shown filters' });
  }
  for (const [i, rule] of (definition.filterRules ?? []).entries()) {
    for (const [j, id] of rule.filters.entries()) {
      if (!filters.has(id)) issues.push({ path: `/filterRules/${i}/filters/${j}`, message: `unknown filter "${id}"` });
    }
  }
  for (const [block, at] of blocksOf(definition.blocks as Block[], '/blocks')) {
    const source = block.kind === 'tabs' ? block.fromData?.source : block.source;
    if (source !== undefined && !sources.has(source)) issues.push({ path: `${at}/source`, message: `unknown source "${source}"` });
    const exportSource = block.kind === 'table' ? block.export?.source : undefined;
    if (exportSource !== undefined && !sources.has(exportSource)) {
      issues.push({ path: `${at}/export/source`, message: `unknown source "${exportSource}"` });
    }
    if (block.kind === 'table' || block.kind === 'cards') {
      const items = block.kind === 'table' ? block.columns : block.cards;
      for (const [c, item] of items.entries()) {
        if ((item.field === undefined) === (item.value === undefined)) {
          issues.push({ path: `${at}/${block.kind === 'table' ? 'columns' : 'cards'}/${c}`, message: 'needs exactly one of "field" or "value"' });
        }
      }
    }
  }
  issues.push(...checkFieldPaths(definition));
  return issues;
}

/** Validates a definition against the generated JSON Schema (ajv), then its cross-references. */
export function validateDefinition(definition: unknown): DefinitionIssue[] {
  if (!validateJson(definition)) {
    return (validateJson.errors ?? []).map((e) => ({
      path: e.instancePath || '/',
      message: `${e.message ?? 'invalid'}${e.params && 'allowedValues' in e.params ? `: ${(e.params.allowedValues as unknown[]).join(', ')}` : ''}`,
    }));
  }
  return crossCheck(definition as ReportDefinitionInput);
}
