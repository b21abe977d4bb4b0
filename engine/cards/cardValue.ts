import type { Block } from '../../schema/reportDefinition.ts';
import { toNumber } from '../core/format.ts';
import { evaluateNumber } from '../core/expressions.ts';
import { getPath } from '../core/paths.ts';

export type CardDefinition = Extract<Block, { kind: 'cards' }>['cards'][number];

export interface CardValue {
  /** The value to format: a field's raw value or a formula's number. */
  value: unknown;
  /** The value as a number when it is one (what counts up). */
  number: number | undefined;
  /** The USD equivalent (COP / TRM) when the card asks for it and both are known. */
  usd: number | undefined;
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
