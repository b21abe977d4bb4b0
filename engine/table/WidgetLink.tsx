import { createContext, use, type ReactNode } from 'react';
import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import type { WidgetId } from '../../schema/registries.ts';
import { getPath } from '../../core/paths.ts';

/** How a cell opens a widget; the table that renders the cell provides it. */
export const OpenWidgetContext = createContext<((id: WidgetId, key: string) => void) | null>(null);

/** A cell whose column has a `link`: a button opening its widget with the row's own key, not the row's widget. */
export function WidgetLink({ link, row, children }: { link: NonNullable<ColumnDefinition['link']>; row: unknown; children: ReactNode }) {
  const openWidget = use(OpenWidgetContext);
  const key = getPath(row, link.key);
  if (!openWidget || key === null || key === undefined || key === '') return <>{children}</>;
  return (
    <button
      type="button"
      className="mirador-cell-link"
      onClick={(event) => {
        // The link opens its own widget; the row's click must not open the row's.
        event.stopPropagation();
        openWidget(link.widget, String(key));
      }}
    >
      {children}
    </button>
  );
}
