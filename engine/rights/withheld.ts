import type { RightName } from '../../schema/reportDefinition.ts';
import { texts } from '../texts.ts';

/** A figure the server withheld: its definition names the right that covers it and the answer holds no value. */
export const isWithheld = (definition: { right?: RightName | undefined }, value: unknown): definition is { right: RightName } =>
  definition.right !== undefined && (value === null || value === undefined);

/** What a withheld figure shows, and why (its tooltip). */
export const withheldText = texts.rights.withheld;
export const withheldWhy = (right: RightName): string => texts.rights.why[right];
