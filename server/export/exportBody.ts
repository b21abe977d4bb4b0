import { z } from 'zod';
import { wellFormed } from './wellFormed.ts';

/** Text a request sends, its lone surrogates replaced (they break URLs, headers and UTF-8). */
const text = (max: number) => z.string().max(max).transform(wellFormed);

/**
 * The body of `POST /api/v1/export`: which screen's table to write, never how. The server takes the columns, totals,
 * titles and file name from its own copy of the report's definition, the rows from the list the definition names
 * (planned from the screen's filters as the browser plans it), and the author from the session. A strict object: a
 * body that sends columns or expressions (or any other key) is refused with 400 before anything is read.
 */
export const exportBodySchema = z.strictObject({
  /** The definition's id (reports/…). */
  report: z.string().max(100).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  /** The table block's place in the page, as the screen's URL names it (`0`, `1-0-2`: block, tab, block…). */
  block: z.string().max(40).regex(/^\d{1,3}(-\d{1,3}){0,9}$/),
  format: z.enum(['xlsx', 'csv']),
  /** The answer to the block's export question (Sí adds the nested lines); only for a block that asks one. */
  answer: z.enum(['yes', 'no']).optional(),
  /** The screen's URL search params (its filters and the table's sort and search), as the screen reads them. */
  params: text(8000).default(''),
  /** The screen's route parameters (`:name` segments of its route). */
  routeParams: z
    .record(z.string().max(40).regex(/^\w+$/), text(200))
    .refine((params) => Object.keys(params).length <= 10)
    .default({}),
  /** The search box's text, stated in the Filtros sheet. */
  search: text(500).optional(),
});

export type ExportBody = z.output<typeof exportBodySchema>;
