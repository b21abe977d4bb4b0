import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { queryClient } from '../api/queryClient.ts';
import { menuSections, reportByRoute, reportRoutes, reports } from '../core/definitions.ts';
import { AppLayout } from './AppLayout.tsx';
import { LazyPage } from './LazyPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageHeaderProvider } from './PageHeader.tsx';
import { aboutPath } from './paths.ts';
import { ReportRoute } from './ReportRoute.tsx';
import { useSession } from '../session/useSession.ts';

const loadAbout = () => import('./AboutPage.tsx');

/** Everything behind sign-in, loaded after it: layout, one route per report definition, about, not found. */
export default function AuthenticatedApp({ definitions = reports }: { definitions?: readonly ReportDefinition[] }) {
  const canSeeTips = useSession()?.employee.canSeeTips === true;
  const sections = useMemo(() => menuSections(definitions, { tips: canSeeTips }), [definitions, canSeeTips]);
  const routes = useMemo(() => reportRoutes(definitions), [definitions]);
  // Without a report at "/" (no dashboard yet), the first sidebar entry is home.
  const home = reportByRoute('/', definitions) ? undefined : (sections[0]?.entries[0]?.path ?? aboutPath);
  return (
    <QueryClientProvider client={queryClient}>
      <PageHeaderProvider>
        <AppLayout sections={sections}>
          <Routes>
            {routes.map(({ key, path, definition }) => (
              <Route key={key} path={path} element={<ReportRoute definition={definition} />} />
            ))}
            {home ? <Route index element={<Navigate to={home} replace />} /> : null}
            <Route path={aboutPath} element={<LazyPage load={loadAbout} props={{}} />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </AppLayout>
      </PageHeaderProvider>
    </QueryClientProvider>
  );
}
