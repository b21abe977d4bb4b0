import { OverlayToaster, type Toaster } from '@blueprintjs/core';
import { ErrorIcon, WarningSignIcon } from '@blueprintjs/icons';

export type ToastIntent = 'danger' | 'warning';

let toaster: Promise<Toaster> | undefined;

/** Shows a title and a text in the app's one toaster, created on first use. */
export async function showToast(intent: ToastIntent, title: string, text: string): Promise<void> {
  toaster ??= OverlayToaster.create({ position: 'top', maxToasts: 4, className: 'no-print' });
  const instance = await toaster;
  instance.show({
    intent,
    icon: intent === 'danger' ? <ErrorIcon /> : <WarningSignIcon />,
    timeout: 6000,
    message: (
      <div className="app-toast">
        <strong className="app-toast-title">{title}</strong>
        {text ? <div className="app-toast-text">{text}</div> : null}
      </div>
    ),
  });
}

/** Dismisses every notice (tests start from an empty toaster). */
export async function clearToasts(): Promise<void> {
  (await toaster)?.clear();
}
