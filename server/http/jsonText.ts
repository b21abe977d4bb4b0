import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';

/** JSON text as the database wrote it (`…::text`): written into an answer as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Characters of remembered answers (with the texts they are remembered by) at most; past it the oldest are dropped. */
export const writtenAnswersMaxChars = 32 * 1024 * 1024;

/**
 * The answers last written, by the text of their (first) JsonText member, each with the rest of its members as
 * written: the same members give the same answer, the same string. The least recently used go first.
 */
const writtenAnswers = new LRUCache<string, { rest: string; answer: string }>({
  maxSize: writtenAnswersMaxChars,
  sizeCalculation: ({ answer }, text) => text.length + answer.length,
});

/**
 * An object answer whose big members the database already wrote as JSON text: sent without parsing them into objects
 * and writing them out again, which for an answer of hundreds of kilobytes was most of the server's own work per
 * request (and shared reads, db/coalescedReads.ts, then share a string). Members are written in the order given,
 * `JsonText` as it is and anything else as JSON.stringify writes it; undefined ones are left out, as JSON.stringify
 * leaves them. The client reads the same JSON either way.
 *
 * An answer of the same members as one written before is that same string, not a copy: reused reads hand every
 * caller the one string the database sent, whose hash a JS string keeps once computed, so finding this answer and
 * then its compressed form (answerCompression.ts) costs nothing per caller. Writing and hashing a megabyte for each
 * of 50 clients was a quarter of the server's thread under the bench's same five calls.
 */
export function jsonAnswer(reply: FastifyReply, members: Record<string, unknown>): string {
  reply.type('application/json; charset=utf-8');
  const entries = Object.entries(members);
  const keyIndex = entries.findIndex(([, value]) => value instanceof JsonText);
  const written = entries.flatMap(([key, value], i) => {
    const json = value instanceof JsonText ? (i === keyIndex ? '' : value.text) : JSON.stringify(value);
    return json === undefined ? [] : [`${JSON.stringify(key)}:${json}`];
  });
  if (keyIndex < 0) return `{${written.join(',')}}`;
  const text = (entries[keyIndex]![1] as JsonText).text;
  // The members but the remembered text, with the place it goes in: a short string to compare.
  const rest = written.join(',');
  const known = writtenAnswers.get(text);
  if (known?.rest === rest) return known.answer;
  const keyMember = `${JSON.stringify(entries[keyIndex]![0])}:`;
  const answer = `{${written.map((member) => (member === keyMember ? `${keyMember}${text}` : member)).join(',')}}`;
  // One heavier than the whole budget is not kept.
  writtenAnswers.set(text, { rest, answer });
  return answer;
}
