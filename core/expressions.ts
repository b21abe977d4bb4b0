import { parseExpression } from 'vega-expression';
import { expressionInterpreter } from 'vega-interpreter';
import { didYouMean } from '../schema/suggest.ts';

/** A compiled Vega expression: `datum` is the row (or the source's answer); other names come from `scope`. */
export type CompiledExpression = (datum: unknown, scope?: Record<string, unknown>) => unknown;

/**
 * The definitions hold a few hundred expressions (no request's are ever compiled); the cache is bounded all the same:
 * past this many, the least recently used one is dropped.
 */
export const expressionCacheSize = 1000;
const cache = new Map<string, CompiledExpression>();

/** How many compiled expressions are kept (for tests). */
export const cachedExpressions = (): number => cache.size;

/** Compiles once, evaluates by walking the AST (no eval, no Function), as a strict CSP requires. */
export function compileExpression(source: string): CompiledExpression {
  const cached = cache.get(source);
  if (cached) {
    // Most recently used last: Map keeps insertion order. (The server's memos use lru-cache; here, in the browser's
    // report chunk, it would weigh 5.5 kB gzip for these few lines.)
    cache.delete(source);
    cache.set(source, cached);
    return cached;
  }
  const ast = parseExpression(source);
  const evaluate = expressionInterpreter.parameter({ functions: {} }, { ast }) as (datum: unknown, params: Record<string, unknown>) => unknown;
  const compiled: CompiledExpression = (datum, scope = {}) => {
    const params: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(scope)) params[`$${name}`] = value;
    return evaluate(datum, params);
  };
  cache.set(source, compiled);
  if (cache.size > expressionCacheSize) cache.delete(cache.keys().next().value!);
  return compiled;
}

/** Evaluates to a number, or NaN when the expression does not give one. */
export function evaluateNumber(source: string, datum: unknown, scope?: Record<string, unknown>): number {
  const value = compileExpression(source)(datum, scope);
  return typeof value === 'number' ? value : Number.NaN;
}

interface ExpressionNode {
  type: string;
  name?: string;
  computed?: boolean;
  [key: string]: unknown;
}

/** Every node of a parsed expression, with whether it is a name read as a value (not a callee, key or `.property`). */
function* walk(node: unknown, free = true): Generator<{ node: ExpressionNode; free: boolean }> {
  if (Array.isArray(node)) {
    for (const item of node) yield* walk(item);
    return;
  }
  if (node === null || typeof node !== 'object' || typeof (node as ExpressionNode).type !== 'string') return;
  const n = node as ExpressionNode;
  yield { node: n, free };
  if (n.type === 'MemberExpression') {
    yield* walk(n.object);
    yield* walk(n.property, n.computed === true);
  } else if (n.type === 'CallExpression') {
    yield* walk(n.arguments);
  } else if (n.type === 'Property') {
    yield* walk(n.value);
  } else {
    for (const [key, value] of Object.entries(n)) if (key !== 'type') yield* walk(value);
  }
}

/** A value that reads as anything: any property, call or number is itself, so a probe run reaches every function called. */
const anything: unknown = new Proxy(function anything() {}, {
  get: (_target, key) => (key === Symbol.toPrimitive ? () => 1 : anything),
  apply: () => anything,
});

/**
 * Why an expression would fail on screen, or undefined when it is fine: a syntax error, a name that is neither `datum`
 * nor one of `names` (the scope the engine passes) nor a constant, or a function the interpreter does not have.
 */
export function expressionProblem(source: string, names: readonly string[] = []): string | undefined {
  let ast: unknown;
  try {
    ast = parseExpression(source);
  } catch (error) {
    return `does not parse: ${error instanceof Error ? error.message : String(error)}`;
  }
  const known = ['datum', ...names];
  for (const { node, free } of walk(ast)) {
    if (node.type === 'Identifier' && free && !known.includes(node.name!) && compileExpression(node.name!)(undefined) === undefined) {
      return `unknown name "${node.name}"${didYouMean(node.name!, known)}`;
    }
    if (node.type === 'CallExpression') {
      const name = (node.callee as ExpressionNode).name!;
      try {
        compileExpression(`${name}()`)(anything);
      } catch (error) {
        // The interpreter looks the function up, then calls `.apply` on what it found.
        if (error instanceof TypeError && error.message.includes("'apply'")) return `unknown function "${name}"`;
      }
    }
  }
  return undefined;
}
