/** What a block's print and Excel are called: the report, the tabs it sits in, then its own title. */
export function blockExportTitle(reportTitle: string, tabTitles: readonly string[], blockTitle: string | undefined): string {
  return [reportTitle, ...tabTitles, ...(blockTitle ? [blockTitle] : [])].join(' - ');
}
