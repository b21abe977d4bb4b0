import { NonIdealState } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { reportTitle, routeParamsAllowed } from '../core/definitions.ts';
import { texts } from '../texts.ts';
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
const loadReportPage: PageLoader<ReportPageProps> =
  reportPageModules['../report/ReportPage.tsx'] ?? (() => Promise.resolve({ default: PageUnavailable }));

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
