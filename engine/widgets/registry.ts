// CONTRACT STUB — owned by the report-page engineer.
import type { ComponentType } from 'react';
import type { WidgetId } from '../../schema/registries.ts';

/** What a full-screen widget receives: the key of the row that opened it, and how to close it. */
export interface WidgetProps {
  widgetKey: string;
  onClose(): void;
  /** Opens another widget on top (e.g. an order from the booking detail). */
  openWidget(id: WidgetId, key: string): void;
}

/** A widget folder's `index.ts` default-exports this; the engine finds them with import.meta.glob. */
export interface WidgetModule {
  id: WidgetId;
  title: string;
  component: ComponentType<WidgetProps>;
}
