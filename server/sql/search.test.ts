import { describe, expect, it } from 'vitest';
import { keywordRegex } from './search.ts';

// PostgreSQL reads these expressions as JavaScript does: letter classes, escaped punctuation.
const finds = (keyword: string, text: string) => new RegExp(keywordRegex(keyword)).test(text);

describe('keywordRegex', () => {
  it.each([
    ['garcia', 'María GARCÍA'],
    ['GARCÍA', 'maria.garcia@gmail.com'],
    ['García', 'GARCIA'],
    ['munoz', 'Muñoz'],
    ['FRANÇOIS', 'francois'],
    ['a.b', 'xa.by'],
    ["o'brien 100%", "O'Brien 100%"],
  ])('finds %s in %s', (keyword, text) => {
    expect(finds(keyword, text)).toBe(true);
  });

  it.each([
    ['garcia', 'garza'],
    ['a.b', 'axb'],
    ['.*', 'anything'],
    ['100%', '1000'],
    ['a_b', 'axb'],
    ['[ab]', 'a'],
    ['\\d', '5'],
  ])('reads %s literally: not in %s', (keyword, text) => {
    expect(finds(keyword, text)).toBe(false);
  });
});
