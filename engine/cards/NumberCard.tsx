import { Card } from '@blueprintjs/core';
import { formatValue } from '../../core/format.ts';
import { texts } from '../texts.ts';
import { HelpIcon } from '../ui/HelpIcon.tsx';
import { isWithheld } from '../rights/withheld.ts';
import { Withheld } from '../rights/Withheld.tsx';
import { cardComparison, cardValue, signed, type CardDefinition } from '../../core/report/cardValue.ts';
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
      <div className="report-card-value">
        {datum !== undefined && isWithheld(card, value) ? <Withheld right={card.right} /> : formatValue(card.format, shown)}
      </div>
      <Comparison card={card} datum={datum} />
      {card.usd ? (
        <div className="report-card-usd">
          {texts.report.usd} {formatValue('money', usd)}
        </div>
      ) : null}
    </Card>
  );
}

/** The comparison line and the signed difference under a figure, coloured by its sign. */
function Comparison({ card, datum }: { card: CardDefinition; datum: unknown }) {
  const comparison = cardComparison(card, datum);
  if (!card.compare || !comparison) return null;
  const deltaFormat = card.compare.deltaFormat ?? card.format;
  const absolute = signed(formatValue(deltaFormat, comparison.delta), comparison.delta);
  const percent = card.compare.deltaPercent === undefined
    ? undefined
    : signed(formatValue('percent', comparison.deltaPercent), comparison.deltaPercent);
  const trendClass = comparison.trend ? ` report-card-delta-${comparison.trend}` : '';
  return (
    <>
      <div className="report-card-compare">{texts.compare.value(card.compare.label, formatValue(card.format, comparison.value))}</div>
      <div className={`report-card-delta${trendClass}`}>
        {texts.compare.delta(absolute, percent)}
      </div>
    </>
  );
}
