import { SectionCard } from '@blueprintjs/core';
import type { Order } from '../booking-detail/bookingApi.ts';
import { FieldList, type Field } from '../shared/FieldList.tsx';
import { DetailSection } from '../shared/DetailSection.tsx';
import { orderTexts } from './texts.ts';

const t = orderTexts;

/** Billing data: amounts, currency, the order's flags, who is responsible and which shop. */
export function OrderBilling({ order }: { order: Order }) {
  const fields: Field[] = [
    { label: t.total, value: order.total, format: 'money' },
    { label: t.subtotal, value: order.subtotal, format: 'money' },
    { label: t.discount, value: order.discount, format: 'money' },
    { label: t.currency, value: order.currency },
    { label: t.split, value: order.isSecondary, format: 'yesNo' },
    { label: t.forLodging, value: order.isForLodging, format: 'yesNo' },
    { label: t.virtual, value: order.isVirtual, format: 'yesNo' },
    { label: t.tipInclude, value: order.tipInclude, format: 'yesNo' },
    { label: t.employee, value: order.employee, format: 'fullName' },
    { label: t.business, value: order.business?.name },
    { label: t.createdAt, value: order.createdAt, format: 'date' },
  ];
  return (
    <DetailSection title={t.billing}>
      <SectionCard>
        <FieldList label={t.billing} fields={fields} />
      </SectionCard>
    </DetailSection>
  );
}
