import { openPglite, type PgliteDb } from '../../server/db/openPglite.ts';
import { openWithRetry } from '../../server/db/openWithRetry.ts';

/**
 * PGlite opened as the server opens its database (main.ts): a start that does not end in time (openPglite's
 * startTimeoutMs) is tried again, saying so on stderr, instead of failing the test that needed a database.
 */
export function openPgliteRetrying(dataDir: string, loadDataDir?: Blob): Promise<PgliteDb> {
  return openWithRetry(() => openPglite(dataDir, loadDataDir), { onWait: (text) => console.warn(text) });
}
