// npm start, the one-command first try: builds what is stale (scripts/build.mjs), then serves from the bundle in the
// same process. A second start builds nothing: it loads neither a TypeScript loader nor Vite (`npm run measure-start`).
import './followParent.mjs';
import { fileURLToPath } from 'node:url';
import { buildStale } from './build.mjs';

// The server's relative paths (DATA_DIR's default ./data) are the project's, wherever it is started from.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));
await buildStale();
const { main } = await import('../dist/server/main.mjs');
await main();
