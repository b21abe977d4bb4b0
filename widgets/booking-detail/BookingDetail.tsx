import { Classes, H3, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { formatValue } from '../../core/format.ts';
import { StatusTag } from '../../engine/ui/StatusTag.tsx';
import type { WidgetProps } from '../../engine/widgets/registry.ts';
import { BalanceTab } from './BalanceTab.tsx';
import { bookingPaths, type Booking } from './bookingApi.ts';
import { BookingSummary } from './BookingSummary.tsx';
import { ClientSection } from '../shared/ClientSection.tsx';
import { GuestsTab } from './GuestsTab.tsx';
import { Loading } from '../shared/Loading.tsx';
import { LoadError } from '../shared/LoadError.tsx';
import { NightsTab } from './NightsTab.tsx';
import { useEscapeClose } from '../shared/useEscapeClose.ts';
import { useWidgetQuery } from '../shared/useWidgetQuery.ts';
import { bookingTexts } from './texts.ts';
import { widgetTexts } from '../shared/texts.ts';

const t = bookingTexts;

const noContent = <NonIdealState icon="folder-open" title={t.noContent} />;

// A minmax(0, …) track lets a wide table scroll inside its block instead of widening the panel past a phone's screen.
const oneColumn = 'minmax(0, 1fr)';
// Five tabs do not fit a phone's width: each may shrink (Blueprint ellipsises its title).
const shrinkableTab = { flexShrink: 1, minWidth: 0 };

/** Full-screen detail of one booking (key: its ref): summary, owner, and the Balance, Noches and Huespedes tabs. */
export default function BookingDetail({ widgetKey: ref, onClose, openWidget }: WidgetProps) {
  useEscapeClose(onClose);
  const booking = useWidgetQuery<{ data: Booking }>({ widget: 'booking-detail', key: ref, part: 'booking', path: bookingPaths.booking(ref) });

  if (booking.isError) {
    return (
      <div style={{ padding: 20 }}>
        <LoadError error={booking.error} title={widgetTexts.loadError} notFound={bookingTexts.notFound} onRetry={() => void booking.refetch()} />
      </div>
    );
  }
  if (!booking.data) return <Loading />;
  const b = booking.data.data;

  return (
    <article aria-label={t.heading(b.ref)} style={{ padding: 20, display: 'grid', gridTemplateColumns: oneColumn, gap: 16 }}>
      <header style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16 }}>
        <H3 style={{ margin: 0 }}>{t.heading(b.ref)}</H3>
        <StatusTag kind="booking" status={b.status} />
        <span className={Classes.TEXT_MUTED}>
          {t.createdAt}: {formatValue('date', b.createdAt)}
        </span>
        <span className={Classes.TEXT_MUTED}>
          {t.updatedAt}: {formatValue('date', b.updatedAt)}
        </span>
      </header>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(420px, 100%), 1fr))', gap: 16, alignItems: 'start' }}>
        <BookingSummary booking={b} />
        <ClientSection title={t.owner} client={b.user} photoLabel={t.photo} />
      </div>
      <Tabs id="booking-detail-tabs" renderActiveTabPanelOnly large>
        <Tab style={shrinkableTab} id="balance" title={t.tabs.balance} panel={<BalanceTab bookingRef={b.ref} onOpenWidget={openWidget} />} />
        <Tab style={shrinkableTab} id="nights" title={t.tabs.nights} panel={<NightsTab bookingRef={b.ref} rates={b.rates ?? []} onOpenWidget={openWidget} />} />
        <Tab style={shrinkableTab} id="guests" title={t.tabs.guests} panel={<GuestsTab bookingRef={b.ref} onOpenWidget={openWidget} />} />
        <Tab style={shrinkableTab} id="attachments" title={t.tabs.attachments} panel={noContent} />
        <Tab style={shrinkableTab} id="notes" title={t.tabs.notes} panel={noContent} />
      </Tabs>
    </article>
  );
}
