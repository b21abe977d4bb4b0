import { useState } from 'react';
import type { WidgetId } from '../../schema/registries.ts';
import type { Rate } from './bookingApi.ts';
import { LocalTable } from '../shared/LocalTable.tsx';
import { ratesBlock } from './tableBlocks.ts';
import { bookingTexts } from './texts.ts';

const t = bookingTexts;

/** Noches: one row per nightly rate, Cerrado once invoiced. */
export function NightsTab({ bookingRef, rates, onOpenWidget }: { bookingRef: string; rates: readonly Rate[]; onOpenWidget(id: WidgetId, key: string): void }) {
  const [block] = useState(() => ratesBlock(bookingRef));
  return (
    <LocalTable
      block={block}
      rows={rates}
      title={t.exportTitle(bookingRef, t.nights)}
      filters={[{ label: t.filterBooking, value: bookingRef }]}
      onOpenWidget={onOpenWidget}
    />
  );
}
