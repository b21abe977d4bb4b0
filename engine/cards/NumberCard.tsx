import { Card } from '@blueprintjs/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDrill } from '../charts/useDrill.ts';
import '../charts/drill.css';
import type { DrillDefinition } from '../../schema/reportDefinition.ts';
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
  const figure = datum !== undefined && isWithheld(card, value) ? <Withheld right={card.right} /> : formatValue(card.format, shown);
  const body = (
    <>
      <div className="report-card-label">
        {card.label}
        {card.help ? <HelpIcon label={card.label} text={card.help} /> : null}
      </div>
      <div className="report-card-value">
        {card.drill && datum !== undefined ? (
          <DrillLink drill={card.drill} label={texts.drill.card(card.label, formatValue(card.format, value))}>{figure}</DrillLink>
        ) : figure}
      </div>
      <Comparison card={card} datum={datum} />
      {card.usd ? (
        <div className="report-card-usd">
          {texts.report.usd} {formatValue('money', usd)}
        </div>
      ) : null}
    </>
  );
  if (card.drill) return <DrillCard drill={card.drill} label={card.label} ready={datum !== undefined}>{body}</DrillCard>;
  return (
    <Card role="group" aria-label={card.label} className="report-card" elevation={1}>
      {body}
    </Card>
  );
}

/**
 * A card with a drill: its figure is a link to the rows behind it (focusable, opened by Enter), and a click anywhere on
 * the card but its formula icon opens them too.
 */
function DrillCard({ drill, label, ready, children }: { drill: DrillDefinition; label: string; ready: boolean; children: ReactNode }) {
  const { open } = useDrill();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    // Not before its figure has loaded, not from its own link or formula icon, nor from a popover in a portal.
    if (!ready || !event.currentTarget.contains(target) || target.closest('a, button')) return;
    open(drill);
  };
  return (
    <Card role="group" aria-label={label} className="report-card report-card-drill" elevation={1} onClick={onClick}>
      {children}
    </Card>
  );
}

function DrillLink({ drill, label, children }: { drill: DrillDefinition; label: string; children: ReactNode }) {
  const { hrefOf } = useDrill();
  const href = hrefOf(drill);
  if (href === undefined) return <>{children}</>;
  return (
    <Link to={href} className="report-card-drill-link" aria-label={label}>
      {children}
    </Link>
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
