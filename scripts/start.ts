import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../server/main.ts';

/** Everything the web build is made from; a change to any of it makes the build stale. */
const webSources = ['engine', 'reports', 'widgets', 'schema', 'vite.config.ts', 'package-lock.json'];
const stampFile = 'dist/web/.source-hash';

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => (name.endsWith('.test.ts') || name.endsWith('.test.tsx') ? [] : files(join(path, name))));
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of webSources.flatMap(files)) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

const hash = sourceHash();
const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
if (current !== hash) {
  console.log('Construyendo la aplicación web…');
  // Vite's build sets NODE_ENV=production in this process; the server must see the operator's value.
  const nodeEnv = process.env.NODE_ENV;
  // Vite is imported only to build: a fresh build starts without loading it (about 0.8 s).
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  writeFileSync(stampFile, hash);
}
await main();
