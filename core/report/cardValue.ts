import type { Block } from '../../schema/reportDefinition.ts';
import { toNumber } from '../format.ts';
import { evaluateNumber } from '../expressions.ts';
import { getPath } from '../paths.ts';

export type CardDefinition = Extract<Block, { kind: 'cards' }>['cards'][number];

export interface CardValue {
  /** The value to format: a field's raw value or a formula's number. */
  value: unknown;
  /** The value as a number when it is one (what counts up). */
  number: number | undefined;
  /** The USD equivalent (COP / TRM) when the card asks for it and both are known. */
  usd: number | undefined;
}

export interface CardComparison {
  /** The comparison figure, raw. */
  value: unknown;
  /** The difference, raw. */
  delta: unknown;
  /** The difference as % of the comparison, raw (undefined when the card does not show it). */
  deltaPercent: unknown;
  /** The sign of the difference, which colours it; undefined when it is missing or zero. */
  trend: 'up' | 'down' | undefined;
}

/** A card's value from the source's answer: `field` read by path, or `value` evaluated with `trm` in scope. */
export function cardValue(card: CardDefinition, datum: unknown, trm: number | undefined): CardValue {
  if (datum === undefined) return { value: undefined, number: undefined, usd: undefined };
  const value = card.value !== undefined ? evaluateNumber(card.value, datum, { trm }) : getPath(datum, card.field);
  const n = typeof value === 'number' || typeof value === 'string' ? toNumber(value) : Number.NaN;
  const number = Number.isFinite(n) ? n : undefined;
  const usd = card.usd && number !== undefined && trm !== undefined && trm > 0 ? number / trm : undefined;
  return { value: card.value !== undefined ? number : value, number, usd };
}

const finite = (value: unknown) => {
  const n = typeof value === 'number' || typeof value === 'string' ? toNumber(value) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** A card's comparison read from the source's answer (every figure answered by the server); undefined without one. */
export function cardComparison(card: CardDefinition, datum: unknown): CardComparison | undefined {
  const compare = card.compare;
  if (compare === undefined) return undefined;
  const delta = datum === undefined ? undefined : getPath(datum, compare.delta);
  const sign = Math.sign(finite(delta) ?? 0);
  return {
    value: datum === undefined ? undefined : getPath(datum, compare.field),
    delta,
    deltaPercent: compare.deltaPercent === undefined || datum === undefined ? undefined : getPath(datum, compare.deltaPercent),
    trend: sign > 0 ? 'up' : sign < 0 ? 'down' : undefined,
  };
}

/** A difference as text with its sign: "+" before a positive one (formatters already write "-"). */
export function signed(text: string, value: unknown): string {
  return (finite(value) ?? 0) > 0 ? `+${text}` : text;
}

/** The formats whose figures a period comparison subtracts. */
const comparableFormats: ReadonlySet<string> = new Set(['number', 'decimal', 'integer', 'money', 'percent', 'hours', 'minutes', 'points', 'balance']);

/** Whether a card takes part in "Comparar con:" (its `periodCompare`, else whether its format is a number's). */
export function comparesPeriod(card: CardDefinition): boolean {
  return card.periodCompare ?? comparableFormats.has(card.format);
}

/**
 * Whether a card shows the comparison "Comparar con:" asks (`previous` or `lastYear`): a card with the server's own
 * comparison (a KPI against last year) keeps it for last year.
 */
export function usesPeriodComparison(card: CardDefinition, mode: 'previous' | 'lastYear'): boolean {
  return comparesPeriod(card) && !(card.compare !== undefined && mode === 'lastYear');
}

/** How a card's difference with another period is written: percentages differ by points; a balance's keeps its sign. */
export function periodDeltaFormat(card: CardDefinition): CardDefinition['format'] {
  return card.format === 'percent' ? 'points' : card.format === 'balance' ? 'money' : card.format;
}

/**
 * A card against the same card computed on its source's answer for another period (`compared`): that figure, the
 * difference figure − comparison and that difference as % of the comparison (none when the comparison is 0).
 */
export function periodComparison(card: CardDefinition, datum: unknown, compared: unknown, trm: number | undefined): CardComparison {
  const current = cardValue(card, datum, trm);
  const before = cardValue(card, compared, trm);
  // Rounded past any shown decimal, so that 0.3 − 0.1 − 0.2 is no difference rather than a red "-0.00".
  const delta = current.number !== undefined && before.number !== undefined ? Math.round((current.number - before.number) * 1e6) / 1e6 : undefined;
  const deltaPercent = delta !== undefined && before.number !== undefined && before.number !== 0 ? (delta / Math.abs(before.number)) * 100 : undefined;
  const sign = Math.sign(delta ?? 0);
  return { value: before.value, delta, deltaPercent, trend: sign > 0 ? 'up' : sign < 0 ? 'down' : undefined };
}
