import { ApiError } from './api/client.ts';
import { TransformError } from '../core/data/transformError.ts';
import { texts } from './texts.ts';

type ToasterModule = typeof import('./shell/toaster.tsx');

// The toaster (Blueprint overlays) is loaded on the first notice, keeping it out of the first JavaScript.
let toasterModule: Promise<ToasterModule> | undefined;
// Notices on their way to the screen, so a test can wait for them before it ends.
const pending = new Set<Promise<void>>();

function show(intent: 'danger' | 'warning' | 'success', title: string, text: string): void {
  toasterModule ??= import('./shell/toaster.tsx');
  const shown = toasterModule
    .then((module) => module.showToast(intent, title, text))
    .catch((error: unknown) => {
      toasterModule = undefined;
      console.error(title, text, error);
    })
    .finally(() => pending.delete(shown));
  pending.add(shown);
}

/** Resolves once every notice asked for so far is on the screen (or has failed). */
export async function noticesShown(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** Shows an error notification (Blueprint toaster) with the spec's Spanish title and text. */
export function notifyError(title: string, text: string): void {
  show('danger', title, text);
}

/** Shows a warning notification, e.g. a failed sign-in. */
export function notifyWarning(title: string, text: string): void {
  show('warning', title, text);
}

/** Shows that something asked for was done, e.g. a subscription saved. */
export function notifySuccess(title: string, text = ''): void {
  show('success', title, text);
}

function isCancellation(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'CancelledError');
}

/** How the generic notice is written: as on most screens, or accented as on POS screens. */
export type ErrorWording = 'plain' | 'accented';

/** The spec's generic server error, or "Acceso no autorizado" for a No Permission answer. */
export function notifyServerError(error: unknown): void {
  notifyServerErrorWorded(error, 'plain');
}

/** The same notice, its generic texts written as `wording` says. */
export function notifyServerErrorWorded(error: unknown, wording: ErrorWording): void {
  const generic = wording === 'accented' ? texts.errors.accented : texts.errors;
  if (isCancellation(error)) return;
  // The data came; the definition's transforms could not group it.
  if (error instanceof TransformError) return notifyError(texts.app.invalidDefinition, texts.app.invalidDefinitionSupport);
  if (error instanceof ApiError) {
    if (error.noPermission) return notifyError(texts.errors.noPermission, '');
    // The session is gone and the sign-in page is on its way: nothing to add.
    if (error.signedOut) return;
    // A 404 is an answer, not a communication failure: what was asked for does not exist.
    if (error.status === 404) return notifyError(texts.errors.notFoundTitle, error.message);
    // A server's own Spanish message says more than the generic text.
    if (error.status >= 400 && error.message !== texts.errors.serverText) {
      return notifyError(generic.serverTitle, error.message);
    }
  }
  notifyError(generic.serverTitle, generic.serverText);
}
