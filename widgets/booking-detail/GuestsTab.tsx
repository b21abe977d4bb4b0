import { Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import type { WidgetId } from '../../schema/registries.ts';
import { bookingPaths, type Guest } from './bookingApi.ts';
import { Loading } from '../shared/Loading.tsx';
import { LoadError } from '../shared/LoadError.tsx';
import { LocalTable } from '../shared/LocalTable.tsx';
import { guestsBlock } from './tableBlocks.ts';
import { useWidgetQuery } from '../shared/useWidgetQuery.ts';
import { bookingTexts } from './texts.ts';
import { widgetTexts } from '../shared/texts.ts';

const t = bookingTexts;

/** Huespedes: the booking's guests and, apart, its visitors. */
export function GuestsTab({ bookingRef, onOpenWidget }: { bookingRef: string; onOpenWidget(id: WidgetId, key: string): void }) {
  const guests = useWidgetQuery<{ data: { guests: Guest[]; visitors: Guest[] } }>({
    widget: 'booking-detail',
    key: bookingRef,
    part: 'guests',
    path: bookingPaths.guests(bookingRef),
  });
  const [blocks] = useState(() => ({ guests: guestsBlock(bookingRef, t.guests), visitors: guestsBlock(bookingRef, t.visitors) }));
  if (guests.isError) return <LoadError error={guests.error} title={widgetTexts.loadError} onRetry={() => void guests.refetch()} />;
  if (!guests.data) return <Loading />;
  const table = (which: 'guests' | 'visitors') => (
    <LocalTable
      block={blocks[which]}
      rows={guests.data.data[which]}
      title={t.exportTitle(bookingRef, t[which])}
      filters={[{ label: t.filterBooking, value: bookingRef }]}
      onOpenWidget={onOpenWidget}
    />
  );
  return (
    <Tabs id="booking-guests-tabs" renderActiveTabPanelOnly>
      <Tab id="guests" title={t.guests} panel={table('guests')} />
      <Tab id="visitors" title={t.visitors} panel={table('visitors')} />
    </Tabs>
  );
}
