import type { HTMLAttributes, KeyboardEvent } from 'react';
import type { WidgetId } from '../../schema/registries.ts';
import { getPath } from '../../core/paths.ts';

export type RowClick = { widget: WidgetId; key: string } | undefined;

/** Props that make a whole row open its widget by click or by Enter; none when rows do not open anything. */
export function rowActivation(
  rowClick: RowClick,
  row: unknown,
  onOpenWidget: (id: WidgetId, key: string) => void,
): HTMLAttributes<HTMLTableRowElement> {
  if (!rowClick) return {};
  const open = () => onOpenWidget(rowClick.widget, String(getPath(row, rowClick.key) ?? ''));
  return {
    className: 'mirador-table-clickable',
    tabIndex: 0,
    onClick: open,
    onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) open();
    },
  };
}
