import type { RequestSpec } from '../../core/data/requestSpec.ts';
import { clearSession, getSession } from '../session/session.ts';
import { texts } from '../texts.ts';
import { getConfig, serviceBaseUrl } from './config.ts';

/** A failed call: HTTP status and the server's Spanish message (or the spec's generic text). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A 403 whose message is `No Permission`: shown as "Acceso no autorizado", does not sign out. */
    readonly noPermission = false,
    /** How long the server asked to wait before trying again (its `Retry-After`), in seconds; undefined when it did not say. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** A 401 or 403 that signed the user out: nothing more to tell them. */
  get signedOut(): boolean {
    return (this.status === 401 || this.status === 403) && !this.noPermission;
  }
}

/** The server's answer to a forbidden report call (it is not a sign-out). */
const noPermissionMessage = 'No Permission';

/** The absolute or origin-relative URL of a request. */
export function requestUrl(spec: RequestSpec): string {
  const query = new URLSearchParams();
  for (const [key, value] of spec.query ?? []) query.append(key, value);
  const search = query.toString();
  return `${serviceBaseUrl(spec.service)}${spec.path}${search ? `?${search}` : ''}`;
}

function headers(): Record<string, string> {
  const token = getSession()?.token;
  return {
    Accept: 'application/json',
    // The services expect the JSON content type on every call, as the spec says.
    'Content-Type': 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function serverMessage(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const { message, err } = body as { message?: unknown; err?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  if (typeof err === 'string' && err !== '') return err;
  return undefined;
}

async function fetchSpec(spec: RequestSpec, init: RequestInit): Promise<Response> {
  try {
    return await fetch(requestUrl(spec), init);
  } catch (error) {
    // A cancelled query is not a failure; TanStack Query expects the abort to pass through.
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, texts.errors.serverText);
  }
}

async function send<T>(spec: RequestSpec, init: RequestInit): Promise<T> {
  const response = await fetchSpec(spec, init);
  const body = await readBody(response).catch(() => undefined);
  if (response.ok) return body as T;
  throw failure(response, body);
}

/**
 * POST with the bearer token whose answer is read as it arrives (a streamed file): the response when it is a
 * success, else the same ApiError (and sign-out on 401/403) as every call.
 */
export async function apiPostStream(spec: RequestSpec, body: unknown, signal: AbortSignal): Promise<Response> {
  const response = await fetchSpec(spec, { method: 'POST', headers: { ...headers(), Accept: '*/*' }, body: JSON.stringify(body), signal });
  if (response.ok) return response;
  throw failure(response, await readBody(response).catch(() => undefined));
}

/** GET whose answer is read as it arrives (every row of a list): the response when it is a success, else the same ApiError. */
export async function apiGetStream(spec: RequestSpec, signal: AbortSignal): Promise<Response> {
  const response = await fetchSpec(spec, { method: 'GET', headers: headers(), signal });
  if (response.ok) return response;
  throw failure(response, await readBody(response).catch(() => undefined));
}

/** `Retry-After` in seconds: its delta-seconds form, or its HTTP date from now (never below 0); undefined if absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its day and month ("Thu, 26 Nov 2026 10:00:30 GMT"); Date.parse would read "-3" as a year.
  const date = /^[A-Za-z]{3}, /.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function failure(response: Response, body: unknown): ApiError {
  const message = serverMessage(body);
  if (response.status === 403 && message === noPermissionMessage) {
    return new ApiError(403, texts.errors.noPermission, true);
  }
  if (response.status === 401 || response.status === 403) clearSession();
  return new ApiError(response.status, message ?? texts.errors.serverText, false, retryAfterSeconds(response.headers.get('retry-after')));
}

/** GET with the bearer token; 401/403 (except No Permission) clear the session and go to sign-in. */
export function apiGet<T = unknown>(spec: RequestSpec, signal?: AbortSignal): Promise<T> {
  return send<T>(spec, { method: 'GET', headers: headers(), ...(signal ? { signal } : {}) });
}

export function apiPost<T = unknown>(spec: RequestSpec, body?: unknown): Promise<T> {
  return send<T>(spec, {
    method: 'POST',
    headers: headers(),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A change (Mirador's own data, e.g. saved views); without a body it sends no JSON content type, which would promise one. */
export function apiWrite<T = unknown>(method: 'POST' | 'PATCH' | 'DELETE', spec: RequestSpec, body?: unknown): Promise<T> {
  const { 'Content-Type': _json, ...bare } = headers();
  return send<T>(spec, body === undefined ? { method, headers: bare } : { method, headers: headers(), body: JSON.stringify(body) });
}

/** URL of an image file on the images CDN (runtime configuration), e.g. size 'md' → {base}/md/{file}. */
export function imageUrl(file: string, size: 'lg' | 'md'): string {
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(file)) return file;
  return `${getConfig().imagesBaseUrl}/${size}/${file.replace(/^\/+/, '')}`;
}
