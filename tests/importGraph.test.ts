// The shape of the code, kept: the framework-free core/ that the server and the browser share imports no React,
// Blueprint or engine code; the server imports from the repository only core/, schema/, reports/ and itself; and no
// modules import each other in a circle (type-only imports count: a type circle is a circle all the same).
import { describe, expect, it } from 'vitest';
import { fileImports, importCycles, readModuleGraph, reachableFrom, specifiersOf, type ModuleGraph } from './support/importGraph.ts';

const graph = readModuleGraph();

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || /\/(testing|__fixtures__)\//.test(file);
const filesUnder = (folder: string, tests: 'with tests' | 'without tests') =>
  [...graph.keys()].filter((file) => file.startsWith(`${folder}/`) && (tests === 'with tests' || !isTestFile(file)));
const topFolder = (file: string) => file.split('/')[0]!;

/** Each file reachable from `start` outside `allowed` folders, with a path of imports that leads there. */
function reachedOutside(start: string[], allowed: readonly string[]): string[] {
  const reached = reachableFrom(graph, start);
  return [...reached].filter((file) => !allowed.includes(topFolder(file))).map((file) => `${importPath(graph, start, file).join(' → ')}`);
}

/** A shortest chain of imports from one of `start` to `target`. */
function importPath(moduleGraph: ModuleGraph, start: string[], target: string): string[] {
  const previous = new Map<string, string | null>(start.map((file) => [file, null]));
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (file === target) break;
    for (const next of fileImports(moduleGraph, file)) {
      if (previous.has(next)) continue;
      previous.set(next, file);
      queue.push(next);
    }
  }
  const chain: string[] = [];
  for (let file: string | null | undefined = target; file; file = previous.get(file)) chain.unshift(file);
  return chain;
}

const uiPackages = /^(react|react-dom|react-router.*|@blueprintjs\/.+|@tanstack\/react-.+|@fullcalendar\/.+|@hookform\/.+|react-hook-form)$/;

describe('the module graph', () => {
  it('is read from every import form, comments left out', () => {
    const text = [
      "import a from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "export * from 'pkg';",
      "import './side.ts';",
      "const d = await import('./d.ts');",
      "import {\n  e,\n  type F,\n} from '@scope/e/sub';",
      "// import x from './commented.ts';",
      "/* import y from './blocked.ts'; */",
    ].join('\n');
    expect(specifiersOf(text).sort()).toEqual(['../b.ts', './a.ts', './c.ts', './d.ts', './side.ts', '@scope/e/sub', 'pkg']);
    // The repository itself: a core file's import of its package and of a sibling are found.
    expect(graph.get('core/format.ts')).toEqual(expect.arrayContaining([{ kind: 'package', name: 'dayjs' }, { kind: 'file', path: 'core/timeZone.ts' }]));
  });

  it('core/ and its tests import from the repository only core/ and schema/, and no UI framework', () => {
    const core = filesUnder('core', 'with tests');
    expect(core.length).toBeGreaterThan(30);
    expect(reachedOutside(core, ['core', 'schema'])).toEqual([]);
    const uiImports = [...reachableFrom(graph, core)].flatMap((file) =>
      (graph.get(file) ?? []).flatMap((target) => (target.kind === 'package' && uiPackages.test(target.name) ? [`${file} → ${target.name}`] : [])),
    );
    expect(uiImports).toEqual([]);
  });

  it('the server imports from the repository only core/, schema/, reports/ and server/', () => {
    const server = filesUnder('server', 'without tests');
    expect(server.length).toBeGreaterThan(50);
    expect(reachedOutside(server, ['core', 'schema', 'reports', 'server', 'package.json'])).toEqual([]);
  });

  it('has no import cycle, save the recursion of tabs that hold blocks', () => {
    const cycles = importCycles(graph);
    // TabsBlock renders its tabs' Blocks, and Blocks renders a tabs block with TabsBlock: a component recursion.
    const allowed = ['engine/report/Blocks.tsx', 'engine/report/TabsBlock.tsx'];
    expect(cycles.filter((cycle) => cycle.join() !== allowed.join())).toEqual([]);
  });
});
