import type { ReportDefinition } from '../../schema/reportDefinition.ts';

/** What a block's print and Excel are called: the report, the labels of its route parameters, the tabs it sits in, then its own title. */
export function blockExportTitle(reportTitle: string, tabTitles: readonly string[], blockTitle: string | undefined, routeLabels: readonly string[] = []): string {
  return [reportTitle, ...routeLabels, ...tabTitles, ...(blockTitle ? [blockTitle] : [])].join(' - ');
}

/** The labels of the screen's route parameters (`/review/:type` → "Comunidad"), in the definition's order. */
export function routeParamLabels(definition: Pick<ReportDefinition, 'routeParams'>, routeParams: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(definition.routeParams ?? {}).flatMap(([name, choices]) => {
    const label = choices.find((choice) => choice.value === routeParams[name])?.label;
    return label === undefined ? [] : [label];
  });
}

/** The file's name: the block's `export.fileName` followed by the route parameters' labels, else the title. */
export function exportFileName(fileName: string | undefined, title: string, routeLabels: readonly string[]): string {
  return fileName === undefined ? title : [fileName, ...routeLabels].join(' - ');
}
