import { NonIdealState } from '@blueprintjs/core';
import { useMemo, type ReactNode } from 'react';
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

/** The widget's folder, then its component chunk: one load, so that a failure of either shows one retry button. */
function widgetPage(loader: WidgetLoader, id: WidgetId): PageLoader<SlotPageProps> {
  return async () => {
    const module = await loader(id);
    if (!module) {
      return { default: ({ frame }) => frame(texts.report.widgetNotFound, <NonIdealState icon="search" title={texts.report.widgetNotFound} />) };
    }
    const { default: Widget } = await module.load();
    return { default: ({ widgetProps, frame }) => frame(module.title, <Widget {...widgetProps} />) };
  };
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
  // One loader per widget: a new one would load again (React.lazy keys on it).
  const load = useMemo(() => widgetPage(loader, id), [loader, id]);
  return <LazyPage load={load} props={{ widgetProps, frame }} wrap={(content) => frame('', content)} />;
}
