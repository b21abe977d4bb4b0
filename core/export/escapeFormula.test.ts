import { describe, expect, it } from 'vitest';
import { escapeFormula } from './escapeFormula.ts';

describe('escapeFormula', () => {
  it.each(['=SUM(A1)', '+57 300 123', '-2+3', '@cmd', '\tcalc', '\rcalc'])('prefixes a quote to %j', (text) => {
    expect(escapeFormula(text)).toBe(`'${text}`);
  });

  it('leaves ordinary text alone, including a formula character later in the text', () => {
    expect(escapeFormula('Casa Azul')).toBe('Casa Azul');
    expect(escapeFormula('a=b')).toBe('a=b');
    expect(escapeFormula(' =SUM(A1)')).toBe(' =SUM(A1)');
    expect(escapeFormula("'ya citado")).toBe("'ya citado");
    expect(escapeFormula('')).toBe('');
  });
});
