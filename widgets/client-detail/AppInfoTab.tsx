import { NonIdealState } from '@blueprintjs/core';
import { FieldList, type Field } from '../shared/FieldList.tsx';
import { Loading } from '../shared/Loading.tsx';
import { LoadError } from '../shared/LoadError.tsx';
import { useWidgetQuery } from '../shared/useWidgetQuery.ts';
import { clientPaths, type AppInfo } from './clientApi.ts';
import { clientTexts } from './texts.ts';
import { widgetTexts } from '../shared/texts.ts';

const t = clientTexts;

function AppUse({ clientId, masterID }: { clientId: string; masterID: string }) {
  const info = useWidgetQuery<{ data: AppInfo }>({
    widget: 'client-detail',
    key: clientId,
    part: 'appInfo',
    service: 'master',
    path: clientPaths.appInfo(masterID),
  });
  if (info.isError) return <LoadError error={info.error} title={widgetTexts.loadError} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Loading />;
  const a = info.data.data;
  if (a.daysUsed === 0) return <NonIdealState icon="mobile-phone" title={t.noAppUse} description={t.noAppDays} />;
  const fields: Field[] = [
    { label: t.appInfo.totalHours, value: a.totalTime, format: 'hours' },
    { label: t.appInfo.daysUsed, value: a.daysUsed, format: 'integer' },
    { label: t.appInfo.averageHours, value: a.averageHours, format: 'number' },
    { label: t.appInfo.firstUse, value: a.firstUse, format: 'date' },
    { label: t.appInfo.lastUse, value: a.lastUse, format: 'date' },
    { label: t.appInfo.last30DaysHours, value: a.last30DaysTime, format: 'hours' },
    { label: t.appInfo.last30DaysUsed, value: a.last30DaysUsed, format: 'integer' },
  ];
  return <FieldList label={t.tabs.appInfo} fields={fields} />;
}

/** App info: the client's app use by its app id; "Sin uso de la app" without an app id or any day of use. */
export function AppInfoTab({ clientId, masterID }: { clientId: string; masterID: string | null }) {
  if (!masterID) return <NonIdealState icon="mobile-phone" title={t.noAppUse} description={t.noAppId} />;
  return <AppUse clientId={clientId} masterID={masterID} />;
}
