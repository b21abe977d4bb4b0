import { parseExpression } from 'vega-expression';
import { expressionInterpreter } from 'vega-interpreter';

/** A compiled Vega expression: `datum` is the row (or the source's answer); other names come from `scope`. */
export type CompiledExpression = (datum: unknown, scope?: Record<string, unknown>) => unknown;

const cache = new Map<string, CompiledExpression>();

/** Compiles once, evaluates by walking the AST (no eval, no Function), as a strict CSP requires. */
export function compileExpression(source: string): CompiledExpression {
  const cached = cache.get(source);
  if (cached) return cached;
  const ast = parseExpression(source);
  const evaluate = expressionInterpreter.parameter({ functions: {} }, { ast }) as (datum: unknown, params: Record<string, unknown>) => unknown;
  const compiled: CompiledExpression = (datum, scope = {}) => {
    const params: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(scope)) params[`$${name}`] = value;
    return evaluate(datum, params);
  };
  cache.set(source, compiled);
  return compiled;
}

/** Evaluates to a number, or NaN when the expression does not give one. */
export function evaluateNumber(source: string, datum: unknown, scope?: Record<string, unknown>): number {
  const value = compileExpression(source)(datum, scope);
  return typeof value === 'number' ? value : Number.NaN;
}
