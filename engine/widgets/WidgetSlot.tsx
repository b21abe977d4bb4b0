import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Component, Suspense, use, type ReactNode } from 'react';
import type { WidgetId } from '../../schema/registries.ts';
import { texts } from '../texts.ts';
import { loadWidget, type WidgetProps } from './registry.ts';

/** Wraps what the slot shows (a full-screen frame with the widget's title and a close button). */
export type WidgetFrame = (title: string, content: ReactNode) => ReactNode;

class WidgetErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function LoadedWidget({ id, widgetProps, frame }: { id: WidgetId; widgetProps: WidgetProps; frame: WidgetFrame }) {
  const module = use(loadWidget(id));
  if (!module) return frame(texts.report.widgetNotFound, <NonIdealState icon="search" title={texts.report.widgetNotFound} />);
  return frame(module.title, <module.component {...widgetProps} />);
}

export interface WidgetSlotProps {
  id: WidgetId;
  widgetProps: WidgetProps;
  frame?: WidgetFrame;
}

const bare: WidgetFrame = (_title, content) => content;

/** Loads a widget by id and renders it; an id no folder provides shows "not available" instead. */
export function WidgetSlot({ id, widgetProps, frame = bare }: WidgetSlotProps) {
  return (
    <WidgetErrorBoundary fallback={frame('', <NonIdealState icon="error" title={texts.app.loadError} />)}>
      <Suspense fallback={frame('', <Spinner size={32} aria-label={texts.app.loading} />)}>
        <LoadedWidget id={id} widgetProps={widgetProps} frame={frame} />
      </Suspense>
    </WidgetErrorBoundary>
  );
}
