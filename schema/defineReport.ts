import type { ReportDefinitionInput } from './reportDefinition.ts';

/** Types a report definition where it is written; returns it unchanged (the engine validates it). */
export function defineReport(definition: ReportDefinitionInput): ReportDefinitionInput {
  return definition;
}
