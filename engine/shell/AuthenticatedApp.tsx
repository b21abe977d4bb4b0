import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { queryClient } from '../api/queryClient.ts';
import { invalidReports, menuSections, reportByRoute, reportRoutes, reports, type InvalidDefinition, type MenuReport } from '../../core/definitions.ts';
import { AppLayout } from './AppLayout.tsx';
import { InvalidDefinitionPage } from './InvalidDefinitionPage.tsx';
import { LazyPage } from './LazyPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PageHeaderProvider } from './PageHeader.tsx';
import { aboutPath, subscriptionsPath } from './paths.ts';
import { ReportRoute } from './ReportRoute.tsx';
import { useSession } from '../session/useSession.ts';

const loadAbout = () => import('./AboutPage.tsx');
const loadSubscriptions = () => import('../subscriptions/SubscriptionsPage.tsx');

/** A wrong definition's sidebar entry, where its file names one: it leads to the screen that says what is wrong. */
const menuReportOf = (wrong: InvalidDefinition): MenuReport[] =>
  wrong.route === undefined ? [] : [{ id: wrong.id ?? wrong.file, title: wrong.title ?? wrong.file, route: wrong.route, menu: wrong.menu }];

/**
 * Everything behind sign-in, loaded after it: layout, one route per report definition, about, not found. A wrong
 * definition gets a route that says what is wrong with it; the other screens and the menu keep working.
 */
export default function AuthenticatedApp({ definitions = reports, invalid = invalidReports }: {
  definitions?: readonly ReportDefinition[];
  invalid?: readonly InvalidDefinition[];
}) {
  const canSeeTips = useSession()?.employee.canSeeTips === true;
  const sections = useMemo(
    () => menuSections([...definitions, ...invalid.flatMap(menuReportOf)], { tips: canSeeTips }),
    [definitions, invalid, canSeeTips],
  );
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
            {invalid.flatMap((wrong) =>
              wrong.route === undefined ? [] : [<Route key={wrong.file} path={wrong.route} element={<InvalidDefinitionPage definition={wrong} />} />],
            )}
            {home ? <Route index element={<Navigate to={home} replace />} /> : null}
            <Route path={aboutPath} element={<LazyPage load={loadAbout} props={{}} />} />
            <Route path={subscriptionsPath} element={<LazyPage load={loadSubscriptions} props={{}} />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </AppLayout>
      </PageHeaderProvider>
    </QueryClientProvider>
  );
}
