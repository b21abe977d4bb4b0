import { describe, expect, it } from 'vitest';
import { arrivingAnswers, type ArrivingAnswer } from './arrivingRows.ts';

/** `text` as UTF-8 chunks of `size` bytes (a multi-byte character may be cut in two). */
async function* chunksOf(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function readAll(text: string, size: number, key = 'data'): Promise<ArrivingAnswer[]> {
  const answers: ArrivingAnswer[] = [];
  for await (const answer of arrivingAnswers(chunksOf(text, size), key)) answers.push(answer);
  return answers;
}

// Rows with the characters a scanner could mistake for structure, inside strings.
const rows = Array.from({ length: 500 }, (_, i) => ({
  _id: i,
  ref: `MR${i}`,
  name: i % 7 === 0 ? 'Peña, "la" [casa] {uno}\\ \u00e9\u4e2d' : `cliente ${i}`,
  monthTotals: [{ month: '2024-01-01', total: i * 1000.5 }],
  place: i % 5 === 0 ? null : { _id: i, typology: { name: 'Estudio' } },
}));
// As PostgreSQL writes json_build_object text: spaces around the separators.
const serverText = `{"data":[${rows.map((row) => JSON.stringify(row).replaceAll('":', '" : ')).join(',')}],"total":${rows.length}}`;

describe('arrivingAnswers', () => {
  it.each([1, 7, 64, 4096, 1 << 20])('in chunks of %i bytes: partial answers hold the first rows, the last is the whole answer', async (size) => {
    const answers = await readAll(serverText, size);
    const last = answers.at(-1)!;
    expect(last).toEqual({ answer: JSON.parse(serverText), whole: true });
    const partial = answers.slice(0, -1);
    expect(partial.every((a) => !a.whole)).toBe(true);
    for (const { answer } of partial) {
      const shown = (answer as { data: unknown[] }).data;
      expect(Object.keys(answer as object)).toEqual(['data']);
      expect(shown).toEqual(rows.slice(0, shown.length));
    }
    // Each partial answer at least triples the rows of the one before, so the table redraws few times.
    const counts = partial.map(({ answer }) => (answer as { data: unknown[] }).data.length);
    counts.slice(1).forEach((count, i) => expect(count).toBeGreaterThanOrEqual(counts[i]! * 3));
    if (size < serverText.length / 2) expect(counts.length).toBeGreaterThan(0);
  });

  it('takes the rows of the top-level key only, wherever it is, and keeps the other keys', async () => {
    const text = `{ "total" : 2, "meta" : {"data" : [9, 9]}, "note" : "data", "data" : [ {"a" : 1} , {"a" : [2]} ] , "after" : [3] }`;
    const answers = await readAll(text, 3);
    expect(answers.at(-1)).toEqual({ answer: JSON.parse(text), whole: true });
    expect(answers.slice(0, -1).map(({ answer }) => answer)).toEqual([{ data: [{ a: 1 }] }]);
  });

  it('answers only the whole value when there is no such array', async () => {
    for (const text of ['{"data":{"a":[1]}}', '[1,2,3]', '{"rows":[1]}', '{"data":[]}', 'null']) {
      expect(await readAll(text, 2)).toEqual([{ answer: JSON.parse(text), whole: true }]);
    }
  });

  it('throws on text that is not JSON, or that ends inside the rows', async () => {
    await expect(readAll('{"data":[{"a":1},{"a":}],"total":2}', 4)).rejects.toThrow(SyntaxError);
    await expect(readAll('{"data":[{"a":1},{"a":2}', 4)).rejects.toThrow(SyntaxError);
    await expect(readAll('{"data":[1],"total":}', 4)).rejects.toThrow(SyntaxError);
  });
});
