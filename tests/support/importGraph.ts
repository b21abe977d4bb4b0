// The repository's module graph, read from the sources: every import, export-from and import() specifier of each
// TypeScript file, type-only ones too (a type circle is still a circle). TypeScript 7 has no JavaScript API to
// pre-parse a file, so the specifiers are read with regular expressions over the text without its comments.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..');

/** The folders whose modules make the graph. */
const sourceFolders = ['core', 'engine', 'reports', 'widgets', 'schema', 'server', 'scripts', 'tests'];

const isSource = (name: string) => /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts');
const toPosix = (path: string) => path.split(sep).join('/');

function listFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return listFiles(path);
    return isSource(name) ? [path] : [];
  });
}

/** One import of a module: a file of the repository (its path from the root) or a package's name. */
export type ImportTarget = { kind: 'file'; path: string } | { kind: 'package'; name: string };

export type ModuleGraph = Map<string, ImportTarget[]>;

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function resolveRelative(fromFile: string, specifier: string): string {
  const base = join(dirname(join(repoRoot, fromFile)), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  const found = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  return toPosix(relative(repoRoot, found ?? base));
}

const specifierPatterns = [
  /(?:^|[\s;}])(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"\n]+)['"]/g,
  /(?:^|[\s;}])import\s*['"]([^'"\n]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
];

/** The module specifiers a source text names, comments left out. */
export function specifiersOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return specifierPatterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!));
}

/** What one source file imports. */
export function importsOf(file: string): ImportTarget[] {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  return specifiersOf(text).map((fileName): ImportTarget =>
    fileName.startsWith('.')
      ? { kind: 'file', path: resolveRelative(file, fileName) }
      : { kind: 'package', name: fileName.startsWith('node:') ? fileName : packageName(fileName) },
  );
}

/** Every source file of the repository, with what it imports. */
export function readModuleGraph(): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const folder of sourceFolders) {
    for (const path of listFiles(join(repoRoot, folder))) {
      const file = toPosix(relative(repoRoot, path));
      graph.set(file, importsOf(file));
    }
  }
  for (const name of readdirSync(repoRoot)) if (isSource(name)) graph.set(name, importsOf(name));
  return graph;
}

/** The files of the repository one file imports. */
export function fileImports(graph: ModuleGraph, file: string): string[] {
  return (graph.get(file) ?? []).flatMap((target) => (target.kind === 'file' ? [target.path] : []));
}

/** The cycles of the graph: its strongly connected components of more than one file (Tarjan's algorithm), or of one file that imports itself. */
export function importCycles(graph: ModuleGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of fileImports(graph, file)) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || fileImports(graph, file).includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** Every repository file reachable from `start` by imports. */
export function reachableFrom(graph: ModuleGraph, start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...fileImports(graph, file));
  }
  return seen;
}
