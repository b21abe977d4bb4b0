import { readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const reportsDir = 'reports';
/** Shared pieces of definitions (column sets, filter sets) live here; they are not definitions. */
export const sharedDir = 'shared';

/** Every definition file under reports/ (Node side: scripts and tests). */
export function definitionFiles(dir = reportsDir): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === sharedDir ? [] : definitionFiles(path);
      return /\.ts$/.test(name) && !/\.test(-d)?\.ts$/.test(name) ? [path] : [];
    });
}

export async function loadDefinitionFile(file: string): Promise<unknown> {
  const module = (await import(pathToFileURL(resolve(file)).href)) as { default?: unknown };
  return module.default;
}

/** A file as a message names it: from the project root when it is inside it. */
export function displayPath(file: string): string {
  const inside = relative(process.cwd(), resolve(file));
  return inside.startsWith('..') || isAbsolute(inside) ? resolve(file) : inside;
}
