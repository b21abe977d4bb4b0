import { describe, expect, it } from 'vitest';
import { cachedExpressions, compileExpression, evaluateNumber, expressionCacheSize } from './expressions.ts';

describe('Vega expressions', () => {
  it('computes a card formula from the answer: real income = total sales - discount - tip - tax', () => {
    const answer = { acumApp: 300, acumDesktop: 600, acumDiscount: 100, acumTip: 50, taxAcum: 80 };
    const totalSales = 'datum.acumApp + datum.acumDesktop + datum.acumDiscount';
    expect(evaluateNumber(totalSales, answer)).toBe(1000);
    expect(evaluateNumber(`${totalSales} - datum.acumDiscount - datum.acumTip - datum.taxAcum`, answer)).toBe(770);
  });

  it('reads named values from the scope, e.g. the USD equivalent COP / TRM', () => {
    expect(evaluateNumber('round(datum.total / trm * 100) / 100', { total: 1_000_000 }, { trm: 3912.5 })).toBe(255.59);
  });

  it('supports conditionals and string functions', () => {
    expect(compileExpression("datum.balance < 0 ? 'favor' : 'debe'")({ balance: -3 })).toBe('favor');
    expect(compileExpression('upper(datum.category)')({ category: 'socio' })).toBe('SOCIO');
  });

  it('gives NaN, not an exception, when the answer lacks a field', () => {
    expect(evaluateNumber('datum.missing * 2', {})).toBeNaN();
  });

  it('refuses statements, and never reaches the Function constructor', () => {
    expect(() => compileExpression('while(true){}')).toThrow();
    const escape = compileExpression('datum.constructor.constructor("return 42")()');
    let result: unknown;
    try {
      result = escape({});
    } catch {
      result = 'blocked';
    }
    expect(result).not.toBe(42);
  });
});

describe('compiled expressions kept', () => {
  it('stay bounded whatever a client sends, and the ones in use stay compiled', () => {
    const kept = compileExpression('datum.total * 2');
    for (let i = 0; i < expressionCacheSize * 2; i++) {
      compileExpression(`datum.total + ${i}`);
      if (i % 100 === 0) expect(compileExpression('datum.total * 2')).toBe(kept);
    }
    expect(cachedExpressions()).toBe(expressionCacheSize);
    expect(compileExpression('datum.total * 2')).toBe(kept);
    expect(compileExpression('datum.total + 0')({ total: 5 })).toBe(5);
  });
});
