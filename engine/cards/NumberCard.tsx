import { Card } from '@blueprintjs/core';
import { formatValue } from '../core/format.ts';
import { texts } from '../texts.ts';
import { HelpIcon } from '../ui/HelpIcon.tsx';
import { cardValue, type CardDefinition } from './cardValue.ts';
import { useCountUp } from './useCountUp.ts';

export interface NumberCardProps {
  card: CardDefinition;
  /** The source's answer (or the data tab's element). */
  datum: unknown;
  trm: number | undefined;
}

/** One figure: its label (with its formula behind an info icon), its formatted value (counting up when asked) and its USD equivalent. */
export function NumberCard({ card, datum, trm }: NumberCardProps) {
  const { value, number, usd } = cardValue(card, datum, trm);
  const counted = useCountUp(number, card.animate);
  const shown = number !== undefined ? counted : value;
  return (
    <Card role="group" aria-label={card.label} className="report-card" elevation={1}>
      <div className="report-card-label">
        {card.label}
        {card.help ? <HelpIcon label={card.label} text={card.help} /> : null}
      </div>
      <div className="report-card-value">{formatValue(card.format, shown)}</div>
      {card.usd ? (
        <div className="report-card-usd">
          {texts.report.usd} {formatValue('money', usd)}
        </div>
      ) : null}
    </Card>
  );
}
