import { Classes, H3, SectionCard } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { WidgetProps } from '../../engine/widgets/registry.ts';
import { bookingPaths, type OrderDetail as Order } from '../booking-detail/bookingApi.ts';
import { Loading } from '../shared/Loading.tsx';
import { LoadError } from '../shared/LoadError.tsx';
import { LocalTable } from '../shared/LocalTable.tsx';
import { useEscapeClose } from '../shared/useEscapeClose.ts';
import { useWidgetQuery } from '../shared/useWidgetQuery.ts';
import { itemsBlock } from './itemsBlock.ts';
import { OrderBilling } from './OrderBilling.tsx';
import { OrderBooking } from './OrderBooking.tsx';
import { PaidLabel } from './PaidLabel.tsx';
import { DetailSection } from '../shared/DetailSection.tsx';
import { orderTexts } from './texts.ts';

const t = orderTexts;

/** Full-screen detail of one booking order (key: its id): billing data, paid label, items and its booking. */
export default function OrderDetail({ widgetKey: id, onClose, openWidget }: WidgetProps) {
  useEscapeClose(onClose);
  const order = useWidgetQuery<{ data: Order }>({ widget: 'order-detail', key: id, part: 'order', path: bookingPaths.order(id) });
  const invoice = order.data?.data.invoice ?? id;
  const block = useMemo(() => itemsBlock(invoice), [invoice]);

  if (order.isError) {
    return (
      <div style={{ padding: 20 }}>
        <LoadError error={order.error} title={t.loadError} notFound={t.notFound} onRetry={() => void order.refetch()} />
      </div>
    );
  }
  if (!order.data) return <Loading />;
  const o = order.data.data;

  return (
    <article aria-label={t.heading(o.invoice)} style={{ padding: 20, display: 'grid', gap: 16 }}>
      <header style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16 }}>
        <H3 style={{ margin: 0 }}>{t.heading(o.invoice)}</H3>
        <span className={Classes.TEXT_MUTED}>{o.name}</span>
        <PaidLabel order={o} />
      </header>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(420px, 100%), 1fr))', gap: 16, alignItems: 'start' }}>
        <OrderBilling order={o} />
        <OrderBooking booking={o.booking} onOpenBooking={(ref) => openWidget('booking-detail', ref)} />
      </div>
      <DetailSection title={t.items}>
        <SectionCard>
          <LocalTable
            block={block}
            rows={o.items}
            title={t.heading(o.invoice)}
            filters={[
              { label: t.filterOrder, value: o.invoice },
              { label: t.booking, value: o.booking.ref },
            ]}
            onOpenWidget={openWidget}
          />
        </SectionCard>
      </DetailSection>
    </article>
  );
}
