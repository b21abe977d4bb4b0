import { usesPeriodComparison } from '../../core/report/cardValue.ts';
import { useTrm } from '../api/useTrm.ts';
import { BlockError } from '../report/BlockError.tsx';
import type { BlockViewProps } from '../report/blockViewProps.ts';
import { useBlockAnswer } from '../report/useBlockAnswer.ts';
import { NumberCard } from './NumberCard.tsx';
import { usePeriodComparison } from './usePeriodComparison.ts';

/** A responsive grid of number cards over one answer, each compared with another period when the screen asks. */
export function CardsBlock({ block }: BlockViewProps<'cards'>) {
  const { answer, error, retry } = useBlockAnswer(block.source);
  const period = usePeriodComparison(block.source, (mode) => block.cards.some((card) => usesPeriodComparison(card, mode)));
  const { trm } = useTrm();
  if (error && answer === undefined) return <BlockError error={error} onRetry={retry} />;
  return (
    <div className="report-cards">
      {block.cards.map((card, index) => (
        <NumberCard key={index} card={card} datum={answer} trm={trm} period={period} />
      ))}
    </div>
  );
}
