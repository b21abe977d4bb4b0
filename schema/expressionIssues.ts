import { parseExpression } from 'vega-expression';
import { expressionProblem } from '../core/expressions.ts';
import type { Block, ColumnInput, ReportDefinitionInput } from './reportDefinition.ts';

/** A problem at a place of a definition: `path` is a JSON pointer, e.g. `/blocks/0/columns/2/format`. */
export interface DefinitionIssue {
  path: string;
  message: string;
}

/** Every block of a definition with its JSON pointer, the blocks of its tabs included. */
export function* blocksOf(blocks: readonly Block[] | undefined, at: string): Generator<[Block, string]> {
  for (const [i, block] of (blocks ?? []).entries()) {
    yield [block, `${at}/${i}`];
    if (block.kind === 'tabs') {
      for (const [t, tab] of (block.tabs ?? []).entries()) yield* blocksOf(tab.blocks, `${at}/${i}/tabs/${t}/blocks`);
      if (block.fromData) yield* blocksOf(block.fromData.blocks, `${at}/${i}/fromData/blocks`);
    }
  }
}

/** Every column list of a table, with its path: its own, its expanded rows', its file's nested lines'. */
function columnListsOf(block: Extract<Block, { kind: 'table' }>, at: string): Array<[readonly ColumnInput[], string]> {
  const lists: Array<[readonly ColumnInput[] | undefined, string]> = [
    [block.columns, `${at}/columns`],
    [block.expand?.columns, `${at}/expand/columns`],
    [block.export?.lines?.columns, `${at}/export/lines/columns`],
    [block.export?.question?.lines?.columns, `${at}/export/question/lines/columns`],
  ];
  return lists.filter((entry): entry is [readonly ColumnInput[], string] => Array.isArray(entry[0]));
}

/**
 * Every expression parses and names only what the engine gives it: a row's columns get `datum`, cards `trm` too.
 * Without ajv, so that the browser checks them when it opens a report (engine/shell/ReportRoute.tsx): a broken one
 * would break the screen.
 */
export function expressionIssues(definition: ReportDefinitionInput): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const report = (path: string, source: string, problem: string | undefined) => {
    if (problem) issues.push({ path, message: `expression ${JSON.stringify(source)}: ${problem}` });
  };
  for (const [block, at] of blocksOf(definition.blocks as Block[], '/blocks')) {
    if (block.kind === 'table') {
      for (const [columns, where] of columnListsOf(block, at)) {
        for (const [c, column] of columns.entries()) {
          if (typeof column.value === 'string') report(`${where}/${c}/value`, column.value, expressionProblem(column.value));
        }
      }
    }
    if (block.kind === 'cards') {
      for (const [c, card] of (block.cards ?? []).entries()) {
        if (typeof card.value === 'string') report(`${at}/cards/${c}/value`, card.value, expressionProblem(card.value, ['trm']));
      }
    }
  }
  // A source's Vega-Lite transforms run in Vega's own scope (its whole function library): their expressions are
  // checked to parse.
  for (const [name, source] of Object.entries(definition.sources ?? {})) {
    for (const [t, step] of (source.transform ?? []).entries()) {
      for (const key of ['calculate', 'filter'] as const) {
        const text = step[key];
        if (typeof text === 'string') report(`/sources/${name}/transform/${t}/${key}`, text, syntaxProblem(text));
      }
    }
  }
  return issues;
}

function syntaxProblem(source: string): string | undefined {
  try {
    parseExpression(source);
    return undefined;
  } catch (error) {
    return `does not parse: ${error instanceof Error ? error.message : String(error)}`;
  }
}
