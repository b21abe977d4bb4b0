import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where `npm run build` (scripts/build.mjs) writes the commit it built, beside the server's bundle. */
export const builtCommitFile = fileURLToPath(new URL('../dist/server/commit.txt', import.meta.url));

const commitPattern = /^[0-9a-f]{7,40}$/;

/** `true` in the bundle `npm run build` made (its `define`); undefined under tsx and Vitest, whose SSR is not a bundle. */
declare const __MIRADOR_BUNDLE__: boolean | undefined;
const bundled = typeof __MIRADOR_BUNDLE__ !== 'undefined' && __MIRADOR_BUNDLE__;

/** The HEAD of the checkout the server runs from, or null outside a git checkout. */
export function gitCommit(cwd = fileURLToPath(new URL('..', import.meta.url))): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return commitPattern.test(commit) ? commit : null;
  } catch {
    return null;
  }
}

/**
 * The commit this server runs, decided once at start, never from a request: MIRADOR_COMMIT (an image built without
 * .git), else the one `npm run build` recorded beside the bundle, or the checkout's HEAD when run from the sources
 * (tsx: `npm run dev`, tests), else null.
 */
export function serverCommit(fromEnv: string | undefined): string | null {
  if (fromEnv) return fromEnv;
  if (!bundled) return gitCommit();
  try {
    const built = readFileSync(builtCommitFile, 'utf8').trim();
    return commitPattern.test(built) ? built : null;
  } catch {
    return null;
  }
}
