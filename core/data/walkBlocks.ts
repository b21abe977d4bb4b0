import type { Block } from '../../schema/reportDefinition.ts';

/** A block's position in the page: its index, then the tab and block indexes inside tabs. */
export type BlockPath = readonly number[];

/** Visits every block of a page, tabs included (fixed tabs and the template of data tabs). */
export function walkBlocks(blocks: readonly Block[], visit: (block: Block, path: BlockPath) => void, path: BlockPath = []): void {
  blocks.forEach((block, index) => {
    const here = [...path, index];
    visit(block, here);
    if (block.kind !== 'tabs') return;
    block.tabs?.forEach((tab, tabIndex) => walkBlocks(tab.blocks, visit, [...here, tabIndex]));
    if (block.fromData) walkBlocks(block.fromData.blocks, visit, [...here, 0]);
  });
}
