import { Card, Classes } from '@blueprintjs/core';
import { balanceColor, balanceSign } from '../../core/balance.ts';
import { formatValue } from '../../core/format.ts';
import type { FormatName } from '../../schema/registries.ts';
import type { Balance } from './bookingApi.ts';
import { bookingTexts } from './texts.ts';

const t = bookingTexts;

/** The cards in their order on screen, each a COP figure of the balance answer; balances follow the active-balances rule. */
const cards: ReadonlyArray<{ label: string; cop(b: Balance): number; format?: FormatName }> = [
  { label: t.cards.balanceHost, cop: (b) => b.balanceHost, format: 'balance' },
  { label: t.cards.total, cop: (b) => b.totalHospedaje + b.totalExtra },
  { label: t.cards.totalOrders, cop: (b) => b.totalOrders },
  { label: t.cards.subtotal, cop: (b) => b.subtotalOrders },
  { label: t.cards.paid, cop: (b) => b.totalPays },
  { label: t.cards.missing, cop: (b) => b.faltante, format: 'balance' },
  { label: t.cards.totalLodging, cop: (b) => b.totalHospedaje },
  { label: t.cards.nightsInvoiced, cop: (b) => b.totalHospedajeClosed },
  { label: t.cards.nightsToInvoice, cop: (b) => b.totalHospedajeOpen },
  { label: t.cards.totalExtra, cop: (b) => b.totalExtra },
];

/** USD equivalent = COP / TRM; no TRM (or a zero one) gives no equivalent. */
export function usdOf(cop: number, trm: number | undefined): number | undefined {
  return trm ? cop / trm : undefined;
}

/** The balance figures in COP, each with its USD equivalent at today's TRM. */
export function BalanceCards({ balance, trm }: { balance: Balance; trm: number | undefined }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', gap: 12 }}>
      {cards.map((card) => {
        const cop = card.cop(balance);
        const format = card.format ?? 'money';
        const color = format === 'balance' ? balanceColor(cop) : undefined;
        const inFavour = format === 'balance' && balanceSign(cop) === 'credit';
        return (
          <Card key={card.label} compact role="group" aria-label={card.label}>
            <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{card.label}</div>
            <div style={{ fontSize: 18, fontWeight: 600, marginTop: 4, color }}>
              {formatValue(format, cop)} <span className={Classes.TEXT_SMALL}>{t.cop}</span>
              {inFavour ? <span className={Classes.TEXT_SMALL}> {t.inFavour}</span> : null}
            </div>
            <div className={Classes.TEXT_MUTED}>
              {formatValue(format, usdOf(cop, trm))} <span className={Classes.TEXT_SMALL}>{t.usd}</span>
            </div>
          </Card>
        );
      })}
    </div>
  );
}
