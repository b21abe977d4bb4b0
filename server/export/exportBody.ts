import { z } from 'zod';
import { compileExpression } from '../../engine/core/expressions.ts';
import { columnSchema, type ColumnDefinition } from '../../schema/reportDefinition.ts';
import { messages } from '../messages.ts';

/** A dot path into a row or an answer, as definitions write them. */
const path = z.string().max(200).regex(/^[A-Za-z_$][\w$]*(\.[\w$]+)*$/);

/** Columns as a definition can write them; every computed value must parse. */
const columns = (max: number) =>
  z
    .array(columnSchema)
    .min(1)
    .max(max)
    .superRefine((list: ColumnDefinition[], context) => {
      list.forEach((column, index) => {
        if (column.value === undefined) return;
        try {
          compileExpression(column.value);
        } catch {
          context.addIssue({ code: 'custom', path: [index, 'value'], message: messages.exportExpression });
        }
      });
    });

/**
 * The body of `POST /api/v1/export/<list path>?<the list's own query>`: what the file says about its rows, as the
 * engine builds it for the browser's file (engine/export/exportTable.ts ExportDescription), without the rows and
 * the times, which the server adds.
 */
export const exportBodySchema = z.strictObject({
  format: z.enum(['xlsx', 'csv']),
  /** Where the rows are in the list's answer. Default: `data` (or the answer itself when it is a list). */
  rows: path.optional(),
  title: z.string().trim().min(1).max(200),
  fileName: z.string().trim().min(1).max(200),
  columns: columns(300),
  totals: z.boolean().default(false),
  filters: z.array(z.strictObject({ label: z.string().max(200), value: z.string().max(5000) })).max(100).default([]),
  search: z.string().max(500).optional(),
  generatedBy: z.string().max(200).default(''),
  /** One line per nested row (the export question's Sí): the nested rows' path and their columns. */
  lines: z.strictObject({ rows: path, columns: columns(100) }).optional(),
});

export type ExportBody = z.output<typeof exportBodySchema>;
