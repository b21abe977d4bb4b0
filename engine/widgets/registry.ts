import type { ComponentType } from 'react';
import type { WidgetId } from '../../schema/registries.ts';

/** What a full-screen widget receives: the key of the row that opened it, and how to close it. */
export interface WidgetProps {
  widgetKey: string;
  onClose(): void;
  /** Opens another widget on top (e.g. an order from the booking detail). */
  openWidget(id: WidgetId, key: string): void;
  /** The options of a widget block, when the widget is embedded in a page (the calendars). */
  options?: Readonly<Record<string, unknown>>;
}

/** A widget folder's `index.ts` default-exports this; the engine finds them with import.meta.glob. */
export interface WidgetModule {
  id: WidgetId;
  title: string;
  component: ComponentType<WidgetProps>;
}

// Each widget is its own chunk, loaded the first time it opens.
const widgetModules = import.meta.glob<{ default: WidgetModule }>('../../widgets/*/index.ts');

const loading = new Map<WidgetId, Promise<WidgetModule | undefined>>();

/** The widget registered under `id`, or undefined when no folder provides it. */
export function loadWidget(id: WidgetId): Promise<WidgetModule | undefined> {
  let module = loading.get(id);
  if (!module) {
    const load = widgetModules[`../../widgets/${id}/index.ts`];
    module = load
      ? load().then(
          (loaded) => (loaded.default.id === id ? loaded.default : undefined),
          (error: unknown) => {
            // A failed chunk may load on the next try.
            loading.delete(id);
            throw error;
          },
        )
      : Promise.resolve(undefined);
    loading.set(id, module);
  }
  return module;
}
