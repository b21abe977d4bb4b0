import { Classes, Intent, Tag } from '@blueprintjs/core';
import { formatValue } from '../../core/format.ts';
import type { OrderDetail, PaymentStatus } from '../booking-detail/bookingApi.ts';
import { orderTexts } from './texts.ts';

const t = orderTexts;
const intents: Record<PaymentStatus, Intent> = { paid: Intent.SUCCESS, partial: Intent.WARNING, unpaid: Intent.DANGER };
const icons = { paid: 'tick-circle', partial: 'time', unpaid: 'error' } as const;

/** Pagada, Pago parcial or No pagada as the booking's payments cover the order, with the amounts paid and due. */
export function PaidLabel({ order }: { order: Pick<OrderDetail, 'paymentStatus' | 'amountPaid' | 'amountDue'> }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}>
      <Tag large round intent={intents[order.paymentStatus]} icon={icons[order.paymentStatus]}>
        {t.paymentStatus[order.paymentStatus]}
      </Tag>
      <span className={Classes.TEXT_MUTED}>
        {t.amountPaid}: {formatValue('money', order.amountPaid)}
      </span>
      <span className={Classes.TEXT_MUTED}>
        {t.amountDue}: {formatValue('money', order.amountDue)}
      </span>
    </div>
  );
}
