import { blockSchema, type TableBlock, type TableBlockInput } from '../../schema/reportDefinition.ts';

/** A table block literal through the definition schema, so the table gets the same defaults as a report's. */
export function tableBlock(input: TableBlockInput): TableBlock {
  return blockSchema.parse(input) as TableBlock;
}
