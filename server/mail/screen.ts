import type { Block, ReportDefinition } from '../../schema/reportDefinition.ts';

/** The route parameters `path` gives one of the definition's routes (`:name` segments), or undefined when it is none of them. */
export function matchScreen(definition: Pick<ReportDefinition, 'route' | 'alsoAt' | 'routeParams'>, path: string): Record<string, string> | undefined {
  const given = path.split('/');
  for (const route of [definition.route, ...(definition.alsoAt ?? []).map((at) => at.route)]) {
    const parts = route.split('/');
    if (parts.length !== given.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, i) => {
      const segment = given[i]!;
      if (!part.startsWith(':')) return part === segment;
      let value: string;
      try {
        value = decodeURIComponent(segment);
      } catch {
        return false;
      }
      const allowed = definition.routeParams?.[part.slice(1)];
      if (allowed && !allowed.some((choice) => choice.value === value)) return false;
      params[part.slice(1)] = value;
      return value !== '';
    });
    if (matches) return params;
  }
  return undefined;
}

type TableBlock = Extract<Block, { kind: 'table' }>;
type CardsBlock = Extract<Block, { kind: 'cards' }>;

/** The block at an export path ('0', '1-0-2': block, tab, block…), when it is a table of a fixed tab or the page. */
export function tableAt(definition: Pick<ReportDefinition, 'blocks'>, blockPath: string): TableBlock | undefined {
  const path = blockPath.split('-').map(Number);
  let list: readonly Block[] = definition.blocks;
  for (let i = 0; i < path.length; i += 2) {
    const block = list[path[i]!];
    if (!block) return undefined;
    if (i === path.length - 1) return block.kind === 'table' ? block : undefined;
    const tab = block.kind === 'tabs' ? block.tabs?.[path[i + 1]!] : undefined;
    if (!tab) return undefined;
    list = tab.blocks;
  }
  return undefined;
}

/** The screen's cards blocks, on the page and in its fixed tabs (a data tab's read an element the browser holds). */
export function cardsBlocks(blocks: readonly Block[]): CardsBlock[] {
  return blocks.flatMap((block): CardsBlock[] => {
    if (block.kind === 'cards') return [block];
    if (block.kind === 'tabs') return (block.tabs ?? []).flatMap((tab) => cardsBlocks(tab.blocks));
    return [];
  });
}
