import type { ComponentType } from 'react';
import type { Block } from '../../schema/reportDefinition.ts';
import { CardsBlock } from '../cards/CardsBlock.tsx';
import { ChartBlock } from '../charts/ChartBlock.tsx';
import type { BlockPath } from '../../core/data/walkBlocks.ts';
import { HelpIcon } from '../ui/HelpIcon.tsx';
import type { BlockViewProps } from './blockViewProps.ts';
import { TableBlockView } from './TableBlockView.tsx';
import { TabsBlock } from './TabsBlock.tsx';
import { WidgetBlock } from './WidgetBlock.tsx';

/** The view of each block kind; a kind answers for itself, the page never asks which kind it renders. */
const blockViews: { [K in Block['kind']]: ComponentType<BlockViewProps<K>> } = {
  table: TableBlockView,
  cards: CardsBlock,
  chart: ChartBlock,
  tabs: TabsBlock,
  widget: WidgetBlock,
};

function BlockView({ block, path }: { block: Block; path: BlockPath }) {
  const View = blockViews[block.kind] as ComponentType<{ block: Block; path: BlockPath }>;
  // A block that states its own formula (a chart) shows it beside its title.
  const help = 'help' in block ? block.help : undefined;
  return (
    <section className={`report-block report-block-${block.width}`} aria-label={block.title}>
      {block.title || help ? (
        <h2 className="report-block-title">
          {block.title}
          {help ? <HelpIcon label={block.title ?? ''} text={help} /> : null}
        </h2>
      ) : null}
      <View block={block} path={path} />
    </section>
  );
}

/** A list of blocks laid out on the page grid (full, half or third width). */
export function Blocks({ blocks, path }: { blocks: readonly Block[]; path: BlockPath }) {
  return (
    <div className="report-blocks">
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} path={[...path, index]} />
      ))}
    </div>
  );
}
