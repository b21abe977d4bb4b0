import { Section, SectionCard } from '@blueprintjs/core';
import { texts } from '../../engine/texts.ts';
import type { Client } from './bookingApi.ts';
import { FieldList, type Field } from './FieldList.tsx';
import { OwnerPhoto } from './OwnerPhoto.tsx';

const t = texts.bookingDetail;

/** Who booked: identity, document, contact, address and app id, with the photo. */
export function BookingOwner({ owner }: { owner: Client | null }) {
  const u = owner ?? ({} as Partial<Client>);
  const fields: Field[] = [
    { label: t.name, value: u.name },
    { label: t.lastName, value: u.lastName },
    { label: t.documentType, value: u.documentType },
    { label: t.documentId, value: u.documentID },
    { label: t.email, value: u.email },
    { label: t.nationality, value: u.nationality },
    { label: t.gender, value: u.gender },
    { label: t.category, value: u.category, format: 'upper' },
    { label: t.country, value: u.country },
    { label: t.state, value: u.state },
    { label: t.city, value: u.city },
    { label: t.zipcode, value: u.zipcode },
    { label: t.phone, value: u.phone },
    { label: t.appId, value: u.masterID },
  ];
  return (
    <Section title={t.owner} compact>
      <SectionCard>
        <div style={{ display: 'flex', gap: 20, alignItems: 'flex-start' }}>
          <OwnerPhoto file={u.photo ?? u.avatar} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <FieldList label={t.owner} fields={fields} />
          </div>
        </div>
      </SectionCard>
    </Section>
  );
}
