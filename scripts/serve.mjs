// npm run serve: production, from what `npm run build` made; nothing is built here. `node dist/server/main.mjs` runs
// the same server outside npm.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import './followParent.mjs';

const bundle = new URL('../dist/server/main.mjs', import.meta.url);
if (!existsSync(fileURLToPath(bundle)) || !existsSync(fileURLToPath(new URL('../dist/web/index.html', import.meta.url)))) {
  console.error('No hay compilación en dist/: ejecute antes `npm run build` (o `npm start`, que compila lo necesario).');
  process.exit(1);
}
const { main } = await import(bundle.href);
await main();
