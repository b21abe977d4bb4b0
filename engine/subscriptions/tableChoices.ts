import type { Block } from '../../schema/reportDefinition.ts';
import { readSelectedTab } from '../../core/report/urlState.ts';

/** A table a subscription can attach: its block path as the export names it ('0', '1-0-2') and what the screen calls it. */
export interface TableChoice {
  block: string;
  title: string;
  /** On screen now: outside tabs, or in the open tab of every tabs block it sits in. */
  shown: boolean;
}

/**
 * The screen's tables the server can build a file of: those outside tabs and in fixed tabs (a data tab's rows are one
 * element of an answer only the browser holds, and month totals are summed in the browser, so neither is offered).
 * Each is named by its tabs' titles and its own title, or the report's title when it has neither.
 */
export function tableChoices(reportTitle: string, blocks: readonly Block[], params: URLSearchParams): TableChoice[] {
  const choices: TableChoice[] = [];
  const visit = (list: readonly Block[], path: readonly number[], tabTitles: readonly string[], shown: boolean) => {
    list.forEach((block, index) => {
      const here = [...path, index];
      if (block.kind === 'table') {
        if (block.monthTotals) return;
        const title = [...tabTitles, ...(block.title ? [block.title] : [])].join(' - ') || reportTitle;
        choices.push({ block: here.join('-'), title, shown });
      } else if (block.kind === 'tabs' && block.tabs) {
        const selected = readSelectedTab(params, here, block.tabs.length);
        block.tabs.forEach((tab, tabIndex) => visit(tab.blocks, [...here, tabIndex], [...tabTitles, tab.title], shown && tabIndex === selected));
      }
    });
  };
  visit(blocks, [], [], true);
  // Two tables of one name (untitled ones, say) are told apart by their place on the screen.
  const seen = new Map<string, number>();
  for (const choice of choices) seen.set(choice.title, (seen.get(choice.title) ?? 0) + 1);
  const counted = new Map<string, number>();
  return choices.map((choice) => {
    if (seen.get(choice.title)! < 2) return choice;
    const n = (counted.get(choice.title) ?? 0) + 1;
    counted.set(choice.title, n);
    return { ...choice, title: `${choice.title} (${n})` };
  });
}
