import { SectionCard } from '@blueprintjs/core';
import { roomLabel, type Booking } from './bookingApi.ts';
import { FieldList, type Field } from '../shared/FieldList.tsx';
import { DetailSection } from '../shared/DetailSection.tsx';
import { bookingTexts } from './texts.ts';

const t = bookingTexts;

/** The stay at a glance: dates, channel, room, flags, people, OTA ids, prices; nights = number of nightly rates. */
export function BookingSummary({ booking }: { booking: Booking }) {
  const fields: Field[] = [
    { label: t.checkIn, value: booking.dateStart, format: 'date' },
    { label: t.checkOut, value: booking.dateEnd, format: 'date' },
    { label: t.contact, value: booking.wayContactName },
    { label: t.room, value: roomLabel(booking.place) },
    { label: t.withPet, value: booking.withPet, format: 'yesNo' },
    { label: t.withIva, value: booking.isNational, format: 'yesNo' },
    { label: t.withGuarantee, value: booking.withWarranty, format: 'yesNo' },
    { label: t.channelPaid, value: booking.channelProvidedCreditCard, format: 'yesNo' },
    { label: t.stay, value: booking.isShortStay, format: 'stayLength' },
    { label: t.nights, value: booking.rates?.length ?? 0, format: 'integer' },
    { label: t.adults, value: booking.adults, format: 'integer' },
    { label: t.children, value: booking.children, format: 'integer' },
    { label: t.otaId, value: booking.cloudID },
    { label: t.subOtaId, value: booking.subCloudID },
    { label: t.priceByMonth, value: booking.priceByMonth, format: 'money' },
    { label: t.total, value: booking.total, format: 'money' },
  ];
  return (
    <DetailSection title={t.summary}>
      <SectionCard>
        <FieldList label={t.summary} fields={fields} />
      </SectionCard>
    </DetailSection>
  );
}
