import { NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { WidgetId } from '../../schema/registries.ts';
import { LazyPage, type PageLoader } from '../shell/LazyPage.tsx';
import { texts } from '../texts.ts';
import { loadWidget, type WidgetLoader, type WidgetProps } from './registry.ts';

/** Wraps what the slot shows (a full-screen frame with the widget's title and a close button). */
export type WidgetFrame = (title: string, content: ReactNode) => ReactNode;

interface SlotPageProps {
  widgetProps: WidgetProps;
  frame: WidgetFrame;
}

/** Each widget's loader, kept: a widget opened again is drawn at once (LazyPage keeps what a loader gave). */
const widgetPages = new WeakMap<WidgetLoader, Map<WidgetId, PageLoader<SlotPageProps>>>();

/** The widget's folder, then its component chunk: one load, so that a failure of either shows one retry button. */
function widgetPage(loader: WidgetLoader, id: WidgetId): PageLoader<SlotPageProps> {
  let pages = widgetPages.get(loader);
  if (!pages) widgetPages.set(loader, (pages = new Map()));
  const known = pages.get(id);
  if (known) return known;
  const page: PageLoader<SlotPageProps> = async () => {
    const module = await loader(id);
    if (!module) {
      return { default: ({ frame }) => frame(texts.report.widgetNotFound, <NonIdealState icon="search" title={texts.report.widgetNotFound} />) };
    }
    const { default: Widget } = await module.load();
    return { default: ({ widgetProps, frame }) => frame(module.title, <Widget {...widgetProps} />) };
  };
  pages.set(id, page);
  return page;
}

export interface WidgetSlotProps {
  id: WidgetId;
  widgetProps: WidgetProps;
  frame?: WidgetFrame;
  /** Where widgets come from. Default: the widget folders. */
  loader?: WidgetLoader;
}

const bare: WidgetFrame = (_title, content) => content;

/** Loads a widget by id and renders it; an id no folder provides shows "not available", code that fails to load a retry button. */
export function WidgetSlot({ id, widgetProps, frame = bare, loader = loadWidget }: WidgetSlotProps) {
  return <LazyPage load={widgetPage(loader, id)} props={{ widgetProps, frame }} wrap={(content) => frame('', content)} />;
}
