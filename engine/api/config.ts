import type { ServiceName } from '../../schema/registries.ts';
import { defaultTimeZone, setOperatorTimeZone } from '../../core/timeZone.ts';

/** The service base URLs served at /config.json; an empty string means the app's own origin. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  authBaseUrl: string;
  paymentsBaseUrl: string;
  masterBaseUrl: string;
  imagesBaseUrl: string;
  /**
   * Row count above which Excel and CSV files of rows the screen does not hold are built by the server
   * (`POST /api/v1/export/…`, streamed, with progress and Cancel) instead of fetched and built in the browser.
   * Default: `defaultExportServerRows`.
   */
  exportServerRows: number;
  /** The operator's time zone (OPERATOR_TIME_ZONE): "today" of the filters, "Datos al" and the files' times. */
  timeZone: string;
  /** Whether the server can send e-mail (SMTP_URL set): without it "Enviar por correo…" only says so. Default: false. */
  mail: boolean;
}

/** Up to this many rows a file is built in the browser's worker (a few seconds); above it, on the server. */
export const defaultExportServerRows = 10_000;

export const defaultConfig: RuntimeConfig = {
  apiBaseUrl: '',
  authBaseUrl: '',
  paymentsBaseUrl: '',
  masterBaseUrl: '',
  imagesBaseUrl: '/images',
  exportServerRows: defaultExportServerRows,
  timeZone: defaultTimeZone,
  mail: false,
};


const urlKeys = ['apiBaseUrl', 'authBaseUrl', 'paymentsBaseUrl', 'masterBaseUrl', 'imagesBaseUrl'] as const;

const serviceKeys: Record<ServiceName, (typeof urlKeys)[number]> = {
  api: 'apiBaseUrl',
  auth: 'authBaseUrl',
  payments: 'paymentsBaseUrl',
  master: 'masterBaseUrl',
};

let current: RuntimeConfig = defaultConfig;

export function getConfig(): RuntimeConfig {
  return current;
}

/** Replaces the configuration; keys left out keep their defaults. */
export function setConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...defaultConfig };
  for (const key of urlKeys) {
    const value = config[key];
    if (typeof value === 'string') current[key] = value.replace(/\/+$/, '');
  }
  const rows = config.exportServerRows;
  if (typeof rows === 'number' && Number.isInteger(rows) && rows >= 0) current.exportServerRows = rows;
  current.timeZone = setOperatorTimeZone(config.timeZone);
  current.mail = config.mail === true;
  return current;
}

/** The base URL of a service, without a trailing slash. */
export function serviceBaseUrl(service: ServiceName): string {
  return current[serviceKeys[service]];
}

/** Fetches /config.json once at start-up; without it (e.g. Vite's dev server) every service is this origin. */
export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body: unknown = await response.json();
    if (body === null || typeof body !== 'object') throw new Error('not an object');
    return setConfig(body as Partial<RuntimeConfig>);
  } catch (error) {
    console.warn(`Mirador: ${url} could not be read (${String(error)}); using this origin for every service.`);
    return setConfig({});
  }
}
