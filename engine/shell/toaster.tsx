import { OverlayToaster, type Toaster } from '@blueprintjs/core';
import { ErrorIcon, TickCircleIcon, WarningSignIcon } from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

export type ToastIntent = 'danger' | 'warning' | 'success';

let toaster: Promise<Toaster> | undefined;
// Kept so the toaster can be unmounted with its timers (Blueprint renders it into a root of its own).
let mounted: { root: Root; container: Element | DocumentFragment } | undefined;

function renderToaster(element: ReactElement, container: Element | DocumentFragment): void {
  mounted = { root: createRoot(container), container };
  mounted.root.render(element);
}

/** Shows a title and a text in the app's one toaster, created on first use; the same notice again replaces itself. */
export async function showToast(intent: ToastIntent, title: string, text: string): Promise<void> {
  toaster ??= OverlayToaster.create({ position: 'top', maxToasts: 4, className: 'no-print' }, { domRenderer: renderToaster });
  const instance = await toaster;
  // The same notice under the same key: Blueprint updates the toast shown instead of stacking a copy.
  const key = JSON.stringify([intent, title, text]);
  const toast = {
    intent,
    icon: intent === 'danger' ? <ErrorIcon /> : intent === 'success' ? <TickCircleIcon /> : <WarningSignIcon />,
    timeout: 6000,
    message: (
      <div className="app-toast">
        <strong className="app-toast-title">{title}</strong>
        {text ? <div className="app-toast-text">{text}</div> : null}
      </div>
    ),
  };
  instance.show(toast, key);
}

/** Unmounts the toaster with its notices, their timers and transitions; the next notice makes a new one. */
export async function removeToaster(): Promise<void> {
  const pending = toaster;
  toaster = undefined;
  await pending?.catch(() => undefined);
  mounted?.root.unmount();
  if (mounted?.container instanceof Element) mounted.container.remove();
  mounted = undefined;
}
