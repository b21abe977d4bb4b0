import { Button, Classes, Drawer } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import type { WidgetId } from '../../schema/registries.ts';
import { DataAsOf } from '../report/DataAsOf.tsx';
import { useReturnFocus } from '../keyboard/useReturnFocus.ts';
import type { OpenWidget } from '../../core/report/urlState.ts';
import { texts } from '../texts.ts';
import { WidgetSlot } from './WidgetSlot.tsx';

export interface WidgetHostProps {
  /** The open widgets, bottom to top (from the URL). */
  open: readonly OpenWidget[];
  openWidget(id: WidgetId, key: string): void;
  /** Closes the top widget. */
  onClose(): void;
}

/** The widget in a dialog named by its title, with a close button. */
function Frame({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const headingId = useId();
  return (
    <div className="widget-frame" role="dialog" aria-modal="true" aria-labelledby={headingId}>
      <div className={Classes.DRAWER_HEADER}>
        <h2 id={headingId} className={`${Classes.HEADING} widget-frame-title`}>
          {title}
        </h2>
        <DataAsOf />
        <Button variant="minimal" icon="cross" aria-label={texts.report.close} title={texts.report.close} onClick={onClose} />
      </div>
      <div className={`${Classes.DRAWER_BODY} widget-drawer-body`}>{children}</div>
    </div>
  );
}

/** A panel's layer: when it closes, the focus goes back to what opened it (the row). */
function Layer({ children }: { children: ReactNode }) {
  useReturnFocus();
  return children;
}

/** Each open widget full-screen over the page, the last one on top; closing one shows the one below. */
export function WidgetHost({ open, openWidget, onClose }: WidgetHostProps) {
  return open.map((entry, index) => {
    const isTop = index === open.length - 1;
    return (
      <Layer key={`${index}:${entry.id}:${entry.key}`}>
        <Drawer
          isOpen
          size="100%"
          position="right"
          onClose={isTop ? onClose : undefined}
          canEscapeKeyClose={isTop}
          className="widget-drawer"
        >
          <WidgetSlot
            id={entry.id}
            widgetProps={{ widgetKey: entry.key, onClose, openWidget }}
            frame={(title, content) => (
              <Frame title={title} onClose={onClose}>
                {content}
              </Frame>
            )}
          />
        </Drawer>
      </Layer>
    );
  });
}
