import type { Block } from '../../schema/reportDefinition.ts';
import type { BlockPath } from '../../core/data/walkBlocks.ts';

/** What a block's view receives: the block and its position (which keys its state in the URL). */
export interface BlockViewProps<K extends Block['kind']> {
  block: Extract<Block, { kind: K }>;
  path: BlockPath;
}
