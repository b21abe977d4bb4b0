// CONTRACT STUB — owned by the app-shell engineer, who replaces the bodies. Signatures are fixed.
import type { ServiceName } from '../../schema/registries.ts';

/** One request: which service, which path, which query (repeated keys allowed). */
export interface RequestSpec {
  service: ServiceName;
  path: string;
  query?: ReadonlyArray<readonly [string, string]>;
}

/** A failed call: HTTP status and the server's Spanish message (or the spec's generic text). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A 403 whose message is `No Permission`: shown as "Acceso no autorizado", does not sign out. */
    readonly noPermission = false,
  ) {
    super(message);
  }
}

/** GET with the bearer token; 401/403 (except No Permission) clear the session and go to sign-in. */
export function apiGet<T = unknown>(_spec: RequestSpec, _signal?: AbortSignal): Promise<T> {
  throw new Error('not implemented yet');
}

export function apiPost<T = unknown>(_spec: RequestSpec, _body?: unknown): Promise<T> {
  throw new Error('not implemented yet');
}

/** URL of an image file on the images CDN (runtime configuration), e.g. size 'md' → {base}/md/{file}. */
export function imageUrl(_file: string, _size: 'lg' | 'md'): string {
  throw new Error('not implemented yet');
}
