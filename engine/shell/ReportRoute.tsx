import { NonIdealState } from '@blueprintjs/core';
import { useMemo, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { definitionFile, reportTitle, routeParamsAllowed } from '../../core/definitions.ts';
import { texts } from '../texts.ts';
import { InvalidDefinitionPage } from './InvalidDefinitionPage.tsx';
import { LazyPage, type PageLoader } from './LazyPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { usePageTitle } from './PageHeader.tsx';

export interface ReportPageProps {
  definition: ReportDefinition;
}

function PageUnavailable() {
  return (
    <div className="app-page-state">
      <NonIdealState title={texts.app.pageUnavailable} />
    </div>
  );
}

// A glob rather than import(): the report page may not exist yet, and then the build still passes.
const reportPageModules = import.meta.glob<{ default: ComponentType<ReportPageProps> }>('../report/ReportPage.tsx');
const loadPage: PageLoader<ReportPageProps> =
  reportPageModules['../report/ReportPage.tsx'] ?? (() => Promise.resolve({ default: PageUnavailable }));

/**
 * The report page, with its definition's expressions checked first (with the page's code, which has the expression
 * parser): a wrong one shows which file and why instead of breaking the screen.
 */
const loadReportPage: PageLoader<ReportPageProps> = async () => {
  const [{ default: Page }, { expressionIssues }] = await Promise.all([loadPage(), import('../../schema/expressionIssues.ts')]);
  function CheckedReportPage({ definition }: ReportPageProps) {
    const problems = useMemo(() => expressionIssues(definition).map((issue) => `${issue.path}: ${issue.message}`), [definition]);
    if (problems.length === 0) return <Page definition={definition} />;
    const wrong = { file: definitionFile(definition) ?? definition.id, problems, id: definition.id, route: definition.route, title: definition.title };
    return <InvalidDefinitionPage definition={wrong} />;
  }
  return { default: CheckedReportPage };
};

/** One report's route: its title in the header and its page loaded on demand; unlisted parameter values are not found. */
export function ReportRoute({ definition }: ReportPageProps) {
  const params = useParams();
  const allowed = routeParamsAllowed(definition, params);
  if (!allowed) return <NotFoundPage />;
  return <ReportScreen definition={definition} params={params} />;
}

function ReportScreen({ definition, params }: ReportPageProps & { params: Readonly<Record<string, string | undefined>> }) {
  usePageTitle(reportTitle(definition, params));
  // Another parameter value is another screen: fresh filters, fresh state.
  return <LazyPage key={JSON.stringify(params)} load={loadReportPage} props={{ definition }} />;
}
