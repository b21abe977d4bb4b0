/**
 * `LATERAL (…)`: the row of `table` whose primary key `id` is `idRef` (an SQL ref of the outer row), with `columns` (on
 * alias `k`), when it passes `where` (on `k`). OFFSET 0 keeps the planner from flattening it into a join, which it may
 * run as a hash over the whole table (every booking of the history, every client): each row the period names is read
 * by its key instead, so that a period's report reads rows in proportion to the period (issue 41 §1,
 * server/sql/periodCost.test.ts). Table and columns are code, never input. Use it as `CROSS JOIN ${byKeySql(…)} x`
 * (inner) or `LEFT JOIN ${byKeySql(…)} x ON true`.
 */
export const byKeySql = (table: string, idRef: string, columns = 'k.*', where = 'true') =>
  `LATERAL (SELECT ${columns} FROM ${table} k WHERE k.id = ${idRef} AND ${where} OFFSET 0)`;
