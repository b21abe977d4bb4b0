import * as vega from 'vega';
import { expressionInterpreter } from 'vega-interpreter';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { SourceDefinition } from '../../schema/reportDefinition.ts';
import { getPath } from '../paths.ts';
import { TransformError } from './transformError.ts';

/** A source's `transform`: Vega-Lite transforms, as the definition writes them. */
export type SourceTransform = NonNullable<SourceDefinition['transform']>;

/** The dataset the definition's rows are handed to. */
const inputName = 'rows';

interface CompiledTransform {
  runtime: vega.Runtime;
  /** The dataset holding the transformed rows. */
  output: string;
}

// A definition's transform is compiled once (definitions are loaded once and never change).
const compiled = new WeakMap<SourceTransform, CompiledTransform>();

/** The last window's sort, which orders the rows handed back (Vega's own `collect`), as a Vega sort. */
function lastWindowSort(transform: SourceTransform): { field: string[]; order: string[] } | undefined {
  const window = transform.findLast((step) => 'window' in step && Array.isArray(step.sort) && step.sort.length > 0);
  const sort = (window?.sort ?? []) as Array<{ field: string; order?: string }>;
  if (sort.length === 0) return undefined;
  return { field: sort.map((s) => s.field), order: sort.map((s) => s.order ?? 'ascending') };
}

/**
 * Vega-Lite compiles the transforms into a Vega dataflow (a spec of no encoding: only its data counts); Vega parses it
 * to an AST, run by vega-interpreter, so no expression is ever turned into code.
 */
function compileTransform(transform: SourceTransform): CompiledTransform {
  const known = compiled.get(transform);
  if (known) return known;
  const spec = { data: { name: inputName }, mark: 'point', transform } as unknown as TopLevelSpec;
  const vegaSpec = compile(spec).spec;
  const datasets = vegaSpec.data ?? [];
  const last = datasets.at(-1);
  if (!last || last.name === inputName) throw new Error('A Vega-Lite transform compiled to no dataset');
  const sort = lastWindowSort(transform);
  if (sort) (last as { transform?: unknown[] }).transform = [...((last as { transform?: unknown[] }).transform ?? []), { type: 'collect', sort }];
  const result = { runtime: vega.parse(vegaSpec, undefined, { ast: true }), output: last.name! };
  compiled.set(transform, result);
  return result;
}

/** Rows as plain objects: without the ids Vega tags its tuples with. */
const plain = (row: object) => Object.fromEntries(Object.entries(row));

/**
 * The rows after the definition's Vega-Lite transforms (aggregate, joinaggregate, window, calculate, filter), run by
 * a headless Vega view: the browser's screen and the server's files group alike. Rows come back in the order of the
 * last window's `sort`, else in Vega's.
 */
export async function runTransform(rows: readonly unknown[], transform: SourceTransform): Promise<Array<Record<string, unknown>>> {
  let compiledTransform: CompiledTransform;
  try {
    compiledTransform = compileTransform(transform);
  } catch (error) {
    throw new TransformError(error instanceof Error ? error.message : String(error));
  }
  const { runtime, output } = compiledTransform;
  // Vega logs a failure and runs on: it is kept to be thrown, and nothing is written to the console.
  const problems: string[] = [];
  const view = new vega.View(runtime, { renderer: 'none', expr: expressionInterpreter, logger: recorder(problems) });
  try {
    // Vega tags the objects it is handed; the caller's rows stay untouched.
    view.data(inputName, rows.map((row) => (row !== null && typeof row === 'object' ? { ...row } : { value: row })));
    await view.runAsync();
    const result: unknown = view.data(output);
    if (problems.length > 0 || !Array.isArray(result)) throw new TransformError(problems[0] ?? 'The transforms gave no rows');
    return (result as object[]).map(plain);
  } finally {
    view.finalize();
  }
}

/** A Vega logger that keeps the errors and warnings it is told. */
function recorder(problems: string[]): vega.LoggerInterface {
  const keep = (...args: readonly unknown[]) => {
    problems.push(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '));
    return logger;
  };
  const logger: vega.LoggerInterface = {
    level: (() => logger) as vega.LoggerInterface['level'],
    error: keep,
    warn: keep,
    info: () => logger,
    debug: () => logger,
  };
  return logger;
}

/** A source's answer with its rows (at `rows`) replaced by the transformed rows; an answer without its rows is kept. */
export async function transformAnswer(answer: unknown, source: SourceDefinition): Promise<unknown> {
  const transform = source.transform;
  if (!transform) return answer;
  const rowsKey = source.rows ?? 'data';
  const rows = getPath(answer, rowsKey);
  if (!Array.isArray(rows)) return answer;
  const transformed = await runTransform(rows, transform);
  return withPath(answer, rowsKey.split('.'), transformed);
}

/** A copy of `value` with `keys` set to `next`, the objects on the way copied. */
function withPath(value: unknown, keys: readonly string[], next: unknown): unknown {
  if (keys.length === 0) return next;
  const object = (value ?? {}) as Record<string, unknown>;
  const [key, ...rest] = keys;
  return { ...object, [key!]: withPath(object[key!], rest, next) };
}
