import type { Block, ColumnDefinition, ReportDefinition } from '../../schema/reportDefinition.ts';
import { walkBlocks } from '../../core/data/walkBlocks.ts';
import { texts } from '../texts.ts';

/** A figure and the formula behind it, as its definition's `help` states it. */
export interface GlossaryEntry {
  label: string;
  text: string;
}

function columnEntries(columns: readonly ColumnDefinition[]): GlossaryEntry[] {
  return columns.flatMap((column) => (column.help ? [{ label: column.header, text: column.help }] : []));
}

function blockEntries(block: Block): GlossaryEntry[] {
  switch (block.kind) {
    case 'cards':
      return block.cards.flatMap((card) => (card.help ? [{ label: card.label, text: card.help }] : []));
    case 'table':
      return [
        ...columnEntries(block.columns),
        ...columnEntries(block.expand?.columns ?? []),
        ...(block.note ? [{ label: block.title ?? texts.report.note, text: block.note }] : []),
      ];
    case 'chart':
      return block.help ? [{ label: block.title ?? block.valueLabel ?? texts.report.value, text: block.help }] : [];
    default:
      return [];
  }
}

/** The formulas a report states (cards, columns and charts with `help`, table notes), in page order, each once. */
export function reportGlossary(definition: ReportDefinition): GlossaryEntry[] {
  const entries: GlossaryEntry[] = [];
  const seen = new Set<string>();
  walkBlocks(definition.blocks, (block) => {
    for (const entry of blockEntries(block)) {
      const key = `${entry.label}\n${entry.text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push(entry);
    }
  });
  return entries;
}
