// npm run build: builds the web app (dist/web) and the server's bundle (dist/server/main.mjs) when their sources
// changed since the last build; `npm start` runs the same before serving. Plain JavaScript run by Node itself: the
// bundle is then run by `npm run serve` or `node dist/server/main.mjs` with neither a TypeScript loader nor Vite.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => (/\.test\.tsx?$/.test(name) ? [] : files(join(path, name))));
}

function sourceHash(sources) {
  const hash = createHash('sha256');
  for (const file of sources.flatMap(files)) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

/** Runs `make` when the hash of `sources` differs from the one stamped in `stampFile`, then stamps it. */
async function whenStale(sources, stampFile, make) {
  const hash = sourceHash(sources);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) return;
  await make();
  writeFileSync(stampFile, hash);
}

// Vite's build sets NODE_ENV=production in this process; the server must see the operator's value.
async function viteBuild(config) {
  const nodeEnv = process.env.NODE_ENV;
  const { build } = await import('vite');
  await build(config);
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

/** Builds the web app and the server's bundle where their sources changed since the last build. */
export async function buildStale() {
  const cwd = process.cwd();
  process.chdir(root);
  try {
    /** Everything the web build is made from; a change to any of it makes the build stale. */
    const webSources = ['core', 'engine', 'reports', 'widgets', 'schema', 'vite.config.ts', 'package-lock.json'];
    await whenStale(webSources, 'dist/web/.source-hash', async () => {
      console.log('Construyendo la aplicación web…');
      await viteBuild({ logLevel: 'warn' });
    });

    const serverDir = resolve('server') + sep;
    const serverOut = resolve('dist/server');
    // The server imports from core/, schema/ and reports/ too (export writers, formats, definitions): its sources are the files
    // of the bundle's module graph, listed at each build, plus what decides how it is built.
    const serverGraph = join(serverOut, '.sources.json');
    const serverBuildInputs = ['package.json', 'package-lock.json', 'scripts/build.mjs'];
    const serverSources = () => {
      try {
        const listed = JSON.parse(readFileSync(serverGraph, 'utf8'));
        // A file gone from the graph's list makes the bundle stale.
        return listed.every((file) => existsSync(file)) ? [...listed, ...serverBuildInputs] : null;
      } catch {
        return null;
      }
    };
    const serverStamp = join(serverOut, '.source-hash');
    const listedSources = serverSources();
    if (!listedSources || !existsSync(serverStamp) || readFileSync(serverStamp, 'utf8') !== sourceHash(listedSources)) {
      console.log('Preparando el servidor…');
      let moduleFiles = [];
      await viteBuild({
        configFile: false,
        logLevel: 'warn',
        root,
        plugins: [
          {
            name: 'source-graph',
            generateBundle() {
              moduleFiles = [...this.getModuleIds()]
                .filter((id) => id.startsWith(root) && !id.includes(`${sep}node_modules${sep}`) && !id.includes('\0'))
                .map((id) => relative(root, id.split('?')[0]).split(sep).join('/'))
                .sort();
            },
          },
          {
            // Files the server finds beside its sources (migrations, the PGlite worker, dist/web) stay found from the
            // bundle: each source's import.meta.url is its own file's, relative to the bundle.
            name: 'source-import-meta-url',
            transform(code, id) {
              if (!id.startsWith(serverDir) || !code.includes('import.meta.url')) return null;
              const source = relative(serverOut, id).split(sep).join('/');
              return { code: code.replaceAll('import.meta.url', `new URL(${JSON.stringify(source)}, import.meta.url).href`), map: null };
            },
          },
        ],
        // The bundle knows it is one (server/version.ts reads the commit the build recorded); Vitest's SSR does not.
        define: { __MIRADOR_BUNDLE__: 'true' },
        build: {
          ssr: 'server/main.ts',
          outDir: serverOut,
          emptyOutDir: true,
          sourcemap: false,
          minify: false,
          target: 'node20',
          rollupOptions: { output: { entryFileNames: 'main.mjs', chunkFileNames: '[name]-[hash].mjs' } },
        },
      });
      writeFileSync(serverGraph, JSON.stringify(moduleFiles));
      writeFileSync(serverStamp, sourceHash([...moduleFiles, ...serverBuildInputs]));
    }
    // The commit /api/version names (server/version.ts), at every build: a new commit may change no source.
    const commitFile = join(serverOut, 'commit.txt');
    try {
      writeFileSync(commitFile, execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    } catch {
      rmSync(commitFile, { force: true });
    }
  } finally {
    process.chdir(cwd);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildStale();
  console.log('Compilación lista en dist/: `npm run serve` (o `node dist/server/main.mjs`) la sirve.');
}
