import type { z } from 'zod';
import { messages } from '../messages.ts';

const v = messages.validation;

type RawIssue = z.core.$ZodRawIssue;

/** The kind of value a client sent, in the words of `messages.validation.received`. */
function receivedKind(input: unknown): string | undefined {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number') return Number.isNaN(input) ? undefined : 'number';
  return typeof input;
}

function invalidType(issue: RawIssue & { expected: string }): string {
  if (issue.input === undefined) return v.required;
  const expected = v.expected[issue.expected] ?? v.expectedOther;
  const kind = receivedKind(issue.input);
  const sameFamily = kind === issue.expected || (kind === 'number' && ['int', 'bigint'].includes(issue.expected));
  const received = kind === undefined || sameFamily ? undefined : v.received[kind];
  return received ? `${expected}; ${received}` : expected;
}

function bound(value: number | bigint, origin: string): string {
  if (origin === 'date') return new Date(Number(value)).toISOString().slice(0, 10);
  return typeof value === 'bigint' ? value.toString() : value.toLocaleString('es-CO', { maximumFractionDigits: 20 });
}

function tooSmall(issue: RawIssue & { origin: string; minimum: number | bigint; inclusive?: boolean; exact?: boolean }) {
  const n = bound(issue.minimum, issue.origin);
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return v.textExactly(n);
      return Number(issue.minimum) <= 1 ? v.textEmpty : v.textAtLeast(n);
    case 'array':
    case 'set':
      if (issue.exact) return v.listExactly(n);
      return Number(issue.minimum) <= 1 ? v.listEmpty : v.listAtLeast(n);
    case 'date':
      return v.dateAtLeast(n);
    default:
      return issue.inclusive === false ? v.numberAbove(n) : v.numberAtLeast(n);
  }
}

function tooBig(issue: RawIssue & { origin: string; maximum: number | bigint; inclusive?: boolean; exact?: boolean }) {
  const n = bound(issue.maximum, issue.origin);
  switch (issue.origin) {
    case 'string':
      return issue.exact ? v.textExactly(n) : v.textAtMost(n);
    case 'array':
    case 'set':
      return issue.exact ? v.listExactly(n) : v.listAtMost(n);
    case 'date':
      return v.dateAtMost(n);
    default:
      return issue.inclusive === false ? v.numberBelow(n) : v.numberAtMost(n);
  }
}

function invalidFormat(issue: RawIssue & { format: string; prefix?: string; suffix?: string; includes?: string }) {
  if (issue.format === 'starts_with') return v.startsWith(issue.prefix ?? '');
  if (issue.format === 'ends_with') return v.endsWith(issue.suffix ?? '');
  if (issue.format === 'includes') return v.includes(issue.includes ?? '');
  return v.format[issue.format] ?? v.formatOther;
}

const shown = (value: unknown) => (typeof value === 'string' ? value : String(value));

/** zod's error map for the whole server: every issue a request can raise, in plain Spanish. */
export function spanishIssue(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'not_multiple_of':
      return v.multipleOf(bound(issue.divisor, 'number'));
    case 'invalid_value':
      return issue.values.length === 1 ? v.oneValue(shown(issue.values[0])) : v.oneOf(issue.values.map(shown).join(', '));
    case 'unrecognized_keys':
      return v.unknownKeys(issue.keys.join(', '));
    case 'invalid_key':
      return v.invalidKey;
    case 'invalid_element':
      return v.invalidElement;
    default:
      return v.invalid;
  }
}
