import type { ComponentType } from 'react';
import type { WidgetId } from '../../schema/registries.ts';
import type { IsoDay } from '../../core/filters/dates.ts';
import type { FilterValues } from '../../core/filters/filterValues.ts';

/** What a full-screen widget receives: the key of the row that opened it, and how to close it. */
export interface WidgetProps {
  widgetKey: string;
  onClose(): void;
  /** Opens another widget on top (e.g. an order from the booking detail). */
  openWidget(id: WidgetId, key: string): void;
  /** The options of a widget block, when the widget is embedded in a page (the calendars). */
  options?: Readonly<Record<string, unknown>>;
  /** The source of that widget block: the widget fetches it through the report's filters. */
  source?: string;
}

/** A widget folder's `index.ts` default-exports this; the engine finds them with import.meta.glob. */
export interface WidgetModule {
  id: WidgetId;
  title: string;
  /** Loads the widget's component (a chunk of its own), e.g. `() => import('./BookingDetail.tsx')`. */
  load(): Promise<{ default: ComponentType<WidgetProps> }>;
  /**
   * For a widget block with a source: the filter values its first request sets over the report's, known from the URL
   * before the widget's code has loaded (a calendar's days shown). With it, a signed-in start asks for that request
   * beside the page's code (app/prefetchScreen.ts), as it does for tables; without it (the default), the widget's
   * source is fetched once the widget has drawn, as it is when this gives undefined.
   */
  firstRequestFilters?(block: WidgetBlockAt): FilterValues | undefined;
}

/** A widget block where the screen stands: its options, the URL's parameters and today (UTC). */
export interface WidgetBlockAt {
  options: Readonly<Record<string, unknown>> | undefined;
  searchParams: URLSearchParams;
  today: IsoDay;
}

type ModuleLoaders = Record<string, () => Promise<{ default: WidgetModule }>>;

/** The widget registered under `id`, or undefined when no folder provides it. */
export type WidgetLoader = (id: WidgetId) => Promise<WidgetModule | undefined>;

/** Loads widget folders by id, each once; a failed load is forgotten so that the next call (a user's retry) tries again. */
export function createWidgetLoader(modules: ModuleLoaders): WidgetLoader {
  const loading = new Map<WidgetId, Promise<WidgetModule | undefined>>();
  return (id) => {
    let module = loading.get(id);
    if (!module) {
      const load = modules[`../../widgets/${id}/index.ts`];
      module = load
        ? load().then(
            (loaded) => (loaded.default.id === id ? loaded.default : undefined),
            (error: unknown) => {
              loading.delete(id);
              throw error;
            },
          )
        : Promise.resolve(undefined);
      loading.set(id, module);
    }
    return module;
  };
}

// Each widget is its own chunk, loaded the first time it opens.
export const loadWidget = createWidgetLoader(import.meta.glob<{ default: WidgetModule }>('../../widgets/*/index.ts'));
