import { Classes, H3, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { formatValue } from '../../core/format.ts';
import type { WidgetProps } from '../../engine/widgets/registry.ts';
import { ClientSection } from '../shared/ClientSection.tsx';
import type { Field } from '../shared/FieldList.tsx';
import { Loading } from '../shared/Loading.tsx';
import { LoadError } from '../shared/LoadError.tsx';
import { useEscapeClose } from '../shared/useEscapeClose.ts';
import { useWidgetQuery } from '../shared/useWidgetQuery.ts';
import { AppInfoTab } from './AppInfoTab.tsx';
import { BookingsTab } from './BookingsTab.tsx';
import { clientPaths, fullName, type ClientDetail as Client } from './clientApi.ts';
import { ExtraInfoTab } from './ExtraInfoTab.tsx';
import { SignatureTab } from './SignatureTab.tsx';
import { clientTexts } from './texts.ts';
import { widgetTexts } from '../shared/texts.ts';

const t = clientTexts;

/** Full-screen detail of one client (key: its id): its data, then the Extra info, Firma, App info and Reservas tabs. */
export default function ClientDetail({ widgetKey: id, onClose, openWidget }: WidgetProps) {
  useEscapeClose(onClose);
  const client = useWidgetQuery<{ data: Client }>({ widget: 'client-detail', key: id, part: 'client', service: 'master', path: clientPaths.client(id) });

  if (client.isError) {
    return (
      <div style={{ padding: 20 }}>
        <LoadError error={client.error} title={widgetTexts.loadError} notFound={clientTexts.notFound} onRetry={() => void client.refetch()} />
      </div>
    );
  }
  if (!client.data) return <Loading />;
  const c = client.data.data;
  const name = fullName(c);
  const more: Field[] = [
    { label: t.status, value: c.deleted, format: 'clientState' },
    { label: t.birthday, value: c.birthday, format: 'date' },
    { label: t.address, value: c.address },
    { label: t.addressDetail, value: c.addressDetail },
    { label: t.isUnderage, value: c.isUnderage, format: 'yesNo' },
    { label: t.isCompany, value: c.isCompany, format: 'yesNo' },
    { label: t.companyName, value: c.companyName },
  ];

  return (
    <article aria-label={t.heading(name)} style={{ padding: 20, display: 'grid', gap: 16 }}>
      <header style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16 }}>
        <H3 style={{ margin: 0 }}>{t.heading(name)}</H3>
        <Tag large round intent={c.deleted ? Intent.DANGER : Intent.SUCCESS}>
          {formatValue('clientState', c.deleted)}
        </Tag>
        <span className={Classes.TEXT_MUTED}>
          {t.createdAt}: {formatValue('date', c.createdAt)}
        </span>
        <span className={Classes.TEXT_MUTED}>
          {t.updatedAt}: {formatValue('date', c.updatedAt)}
        </span>
      </header>
      <ClientSection title={t.client} client={c} photoLabel={t.photo} more={more} />
      <Tabs id="client-detail-tabs" renderActiveTabPanelOnly large>
        <Tab id="extra" title={t.tabs.extra} panel={<ExtraInfoTab extraData={c.extraData} />} />
        <Tab id="signature" title={t.tabs.signature} panel={<SignatureTab file={c.signature} />} />
        <Tab id="appInfo" title={t.tabs.appInfo} panel={<AppInfoTab clientId={id} masterID={c.masterID} />} />
        <Tab id="bookings" title={t.tabs.bookings} panel={<BookingsTab clientId={id} name={name} onOpenWidget={openWidget} />} />
      </Tabs>
    </article>
  );
}
