import type { Db } from '../../server/db/Db.ts';

/** A node of EXPLAIN (ANALYZE, FORMAT JSON)'s plan, with the fields examinedRows reads. */
export interface PlanNode {
  'Node Type'?: string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows examined by a plan's table scans, per table: (returned + removed by filter or recheck) × loops. */
export function examinedRows(node: PlanNode, into: Map<string, number>, scans: string[]) {
  if (node['Relation Name']) {
    const perLoop = (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
    const rows = Math.round(perLoop * (node['Actual Loops'] ?? 0));
    into.set(node['Relation Name'], (into.get(node['Relation Name']) ?? 0) + rows);
    scans.push(`${node['Node Type']} ${node['Relation Name']}${node['Index Name'] ? ` (${node['Index Name']})` : ''} ${rows}`);
  }
  for (const child of node.Plans ?? []) examinedRows(child, into, scans);
}

/** Runs one statement under EXPLAIN (ANALYZE, FORMAT JSON) and adds its examined rows per table to `into`. */
export async function explainExamined(db: Db, sql: string, params: readonly unknown[], into: Map<string, number>, scans: string[]) {
  const [row] = await db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, [...params]);
  const plan = row!['QUERY PLAN'];
  examinedRows((typeof plan === 'string' ? (JSON.parse(plan) as typeof plan) : plan)[0]!.Plan, into, scans);
}
