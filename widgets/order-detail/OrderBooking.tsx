import { Button, SectionCard } from '@blueprintjs/core';
import { StatusTag } from '../../engine/ui/StatusTag.tsx';
import { roomLabel, type Booking } from '../booking-detail/bookingApi.ts';
import { FieldList, type Field } from '../shared/FieldList.tsx';
import { DetailSection } from '../shared/DetailSection.tsx';
import { orderTexts } from './texts.ts';

const t = orderTexts;

/** The booking the order belongs to, with a way to open its full detail. */
export function OrderBooking({ booking, onOpenBooking }: { booking: Booking; onOpenBooking(ref: string): void }) {
  const fields: Field[] = [
    { label: t.ref, value: booking.ref },
    { label: t.status, value: booking.status, render: <StatusTag kind="booking" status={booking.status} /> },
    { label: t.checkIn, value: booking.dateStart, format: 'date' },
    { label: t.checkOut, value: booking.dateEnd, format: 'date' },
    { label: t.room, value: roomLabel(booking.place) },
    { label: t.owner, value: booking.user, format: 'fullName' },
  ];
  return (
    <DetailSection
      title={t.booking}
      rightElement={<Button icon="document-open" text={t.openBooking} onClick={() => onOpenBooking(booking.ref)} />}
    >
      <SectionCard>
        <FieldList label={t.booking} fields={fields} />
      </SectionCard>
    </DetailSection>
  );
}
