import { SectionCard } from '@blueprintjs/core';
import { FieldList, type Field } from './FieldList.tsx';
import { PersonPhoto } from './PersonPhoto.tsx';
import type { Client } from './types.ts';
import { DetailSection } from './DetailSection.tsx';
import { clientFields } from './texts.ts';

const t = clientFields;

export interface ClientSectionProps {
  /** Section heading and the field list's name (e.g. Titular de la reserva). */
  title: string;
  client: Client | null;
  /** Label of the photo. */
  photoLabel: string;
  /** Fields shown after the client's own (state, birthday…). */
  more?: readonly Field[];
}

/** A client with the photo: identity, document, contact, address and app id, as every detail panel shows them. */
export function ClientSection({ title, client, photoLabel, more = [] }: ClientSectionProps) {
  const u = client ?? ({} as Partial<Client>);
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
    ...more,
  ];
  return (
    <DetailSection title={title}>
      <SectionCard>
        <div style={{ display: 'flex', gap: 20, alignItems: 'flex-start' }}>
          <PersonPhoto file={u.photo ?? u.avatar} label={photoLabel} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <FieldList label={title} fields={fields} />
          </div>
        </div>
      </SectionCard>
    </DetailSection>
  );
}
