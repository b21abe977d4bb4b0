import { Button, Card } from '@blueprintjs/core';
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
import {
  cardComparison,
  cardValue,
  periodComparison,
  periodDeltaFormat,
  signed,
  usesPeriodComparison,
  type CardComparison,
  type CardDefinition,
} from '../../core/report/cardValue.ts';
import type { PeriodComparisonState } from './usePeriodComparison.ts';
import { useCountUp } from './useCountUp.ts';

export interface NumberCardProps {
  card: CardDefinition;
  /** The source's answer (or the data tab's element). */
  datum: unknown;
  trm: number | undefined;
  /** The screen's "Comparar con:" for this card's source. Default: none. */
  period?: PeriodComparisonState | undefined;
}

/** One figure: its label (with its formula behind an info icon), its formatted value (counting up when asked) and its USD equivalent. */
export function NumberCard({ card, datum, trm, period }: NumberCardProps) {
  const { value, number, usd } = cardValue(card, datum, trm);
  const counted = useCountUp(number, card.animate);
  const shown = number !== undefined ? counted : value;
  const withheld = datum !== undefined && isWithheld(card, value);
  // The server's own comparison stays where it is last year's, or where no other period is asked; else the other period's.
  const asked = period !== undefined && usesPeriodComparison(card, period.mode) ? period : undefined;
  const figure = withheld ? <Withheld right={card.right} /> : formatValue(card.format, shown);
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
      {asked ? (
        <PeriodLine card={card} datum={datum} trm={trm} period={asked} withheld={withheld} />
      ) : (
        <ServerComparison card={card} datum={datum} period={period} />
      )}
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
function ComparisonLines({ label, format, deltaFormat, comparison, showPercent, title }: {
  label: string;
  format: CardDefinition['format'];
  deltaFormat: CardDefinition['format'];
  comparison: CardComparison;
  showPercent: boolean;
  title?: string | undefined;
}) {
  const absolute = signed(formatValue(deltaFormat, comparison.delta), comparison.delta);
  const percent = showPercent ? signed(formatValue('percent', comparison.deltaPercent), comparison.deltaPercent) : undefined;
  const trendClass = comparison.trend ? ` report-card-delta-${comparison.trend}` : '';
  return (
    <>
      <div className="report-card-compare" title={title}>{texts.compare.value(label, formatValue(format, comparison.value))}</div>
      <div className={`report-card-delta${trendClass}`}>
        {texts.compare.delta(absolute, percent)}
      </div>
    </>
  );
}

/** The comparison the server answered with the figure (a KPI against last year); its title names the period asked, if any. */
function ServerComparison({ card, datum, period }: { card: CardDefinition; datum: unknown; period: PeriodComparisonState | undefined }) {
  const comparison = cardComparison(card, datum);
  if (!card.compare || !comparison) return null;
  return (
    <ComparisonLines
      title={period ? texts.periodCompare.period(card.compare.label, period.period) : undefined}
      label={card.compare.label}
      format={card.format}
      deltaFormat={card.compare.deltaFormat ?? card.format}
      comparison={comparison}
      showPercent={card.compare.deltaPercent !== undefined}
    />
  );
}

/**
 * The same card computed on the other period's answer: that figure and the difference. While it loads or when it
 * failed, the line says so and the figure above stays; a withheld figure is withheld in its comparison too.
 */
function PeriodLine({ card, datum, trm, period, withheld }: {
  card: CardDefinition;
  datum: unknown;
  trm: number | undefined;
  period: PeriodComparisonState;
  withheld: boolean;
}) {
  const title = texts.periodCompare.period(period.label, period.period);
  if (period.answer === undefined) {
    return (
      <div className="report-card-compare" title={title}>
        {period.error ? texts.periodCompare.failed(period.label) : texts.periodCompare.loading(period.label)}
        {period.error ? <Button size="small" variant="minimal" icon="refresh" aria-label={texts.periodCompare.retry} onClick={period.retry} /> : null}
      </div>
    );
  }
  const comparison = periodComparison(card, datum, period.answer, trm);
  if (withheld || (card.right !== undefined && isWithheld(card, comparison.value))) {
    return (
      <div className="report-card-compare" title={title}>
        {period.label}: <Withheld right={card.right!} />
      </div>
    );
  }
  return (
    <ComparisonLines
      label={period.label}
      format={card.format}
      deltaFormat={periodDeltaFormat(card)}
      comparison={comparison}
      showPercent
      title={title}
    />
  );
}
