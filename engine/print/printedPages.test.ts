import { expect, it } from 'vitest';
import { printedPages, printedRowsPerPage } from './printedPages.ts';

it('counts one sheet for a short table and one more sheet per full sheet of rows', () => {
  expect(printedPages(0)).toBe(1);
  expect(printedPages(printedRowsPerPage)).toBe(1);
  expect(printedPages(printedRowsPerPage + 1)).toBe(2);
  expect(printedPages(printedRowsPerPage * 391)).toBe(391);
});
