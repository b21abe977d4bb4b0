// CONTRACT STUB — owned by the app-shell engineer.
/** Shows an error notification (Blueprint toaster) with the spec's Spanish title and text. */
export function notifyError(_title: string, _text: string): void {
  throw new Error('not implemented yet');
}

/** The spec's generic server error, or "Acceso no autorizado" for a No Permission answer. */
export function notifyServerError(_error: unknown): void {
  throw new Error('not implemented yet');
}
