import { reportDefinitionSchema, type ReportDefinition, type ReportDefinitionInput } from '../../schema/reportDefinition.ts';

/** A definition for tests, parsed like the registry parses real ones (defaults filled). */
export function testDefinition(input: Partial<ReportDefinitionInput>): ReportDefinition {
  return reportDefinitionSchema.parse({
    id: 'test-report',
    route: '/test',
    title: 'Reporte de prueba',
    sources: { rows: { path: '/api/v1/test' } },
    blocks: [{ kind: 'table', source: 'rows', columns: [{ field: 'name', header: 'Nombre' }] }],
    ...input,
  });
}
