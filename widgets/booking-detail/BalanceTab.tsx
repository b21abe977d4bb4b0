import { Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useTrm } from '../../engine/api/useTrm.ts';
import type { WidgetId } from '../../schema/registries.ts';
import { BalanceCards } from './BalanceCards.tsx';
import { bookingPaths, type Balance } from './bookingApi.ts';
import { Loading } from '../shared/Loading.tsx';
import { LoadError } from '../shared/LoadError.tsx';
import { orderFilters, paymentFilters } from './balanceFilters.ts';
import { PagedTable } from '../shared/PagedTable.tsx';
import { TrmError } from './TrmError.tsx';
import { ordersBlock, paymentsBlock } from './tableBlocks.ts';
import { useWidgetQuery } from '../shared/useWidgetQuery.ts';
import { bookingTexts } from './texts.ts';
import { widgetTexts } from '../shared/texts.ts';

const t = bookingTexts;

/** Balance figures in COP and USD, then the booking's orders (Cobros) and payments (Pagos). */
export function BalanceTab({ bookingRef, onOpenWidget }: { bookingRef: string; onOpenWidget(id: WidgetId, key: string): void }) {
  const balance = useWidgetQuery<{ data: Balance }>({
    widget: 'booking-detail',
    key: bookingRef,
    part: 'balance',
    path: bookingPaths.balance(bookingRef),
  });
  const trm = useTrm();
  const [blocks] = useState(() => ({ orders: ordersBlock(bookingRef), payments: paymentsBlock(bookingRef) }));
  const orders = (
    <PagedTable
      block={blocks.orders}
      filters={orderFilters}
      widget="booking-detail"
      widgetKey={bookingRef}
      part="orders"
      path={bookingPaths.orders(bookingRef)}
      title={t.exportTitle(bookingRef, t.orders)}
      owner={{ label: t.filterBooking, value: bookingRef }}
      onOpenWidget={onOpenWidget}
    />
  );
  const payments = (
    <PagedTable
      block={blocks.payments}
      filters={paymentFilters}
      widget="booking-detail"
      widgetKey={bookingRef}
      part="payments"
      path={bookingPaths.payments(bookingRef)}
      title={t.exportTitle(bookingRef, t.payments)}
      owner={{ label: t.filterBooking, value: bookingRef }}
      onOpenWidget={onOpenWidget}
    />
  );
  return (
    // A minmax(0, …) track: the tables scroll inside the panel rather than widen it.
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 }}>
      {trm.isError && <TrmError />}
      {balance.isError ? (
        <LoadError error={balance.error} title={widgetTexts.loadError} onRetry={() => void balance.refetch()} />
      ) : balance.data ? (
        <BalanceCards balance={balance.data.data} trm={trm.trm} />
      ) : (
        <Loading />
      )}
      <Tabs id="booking-balance-tabs" renderActiveTabPanelOnly>
        <Tab id="orders" title={t.orders} panel={orders} />
        <Tab id="payments" title={t.payments} panel={payments} />
      </Tabs>
    </div>
  );
}
