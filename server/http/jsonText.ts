import type { FastifyReply } from 'fastify';

/** JSON text as the database wrote it (`…::text`): written into an answer as it is. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * An object answer whose big members the database already wrote as JSON text: sent without parsing them into objects
 * and writing them out again, which for an answer of hundreds of kilobytes was most of the server's own work per
 * request (and shared reads, db/coalescedReads.ts, then share a string). Members are written in the order given,
 * `JsonText` as it is and anything else as JSON.stringify writes it; undefined ones are left out, as JSON.stringify
 * leaves them. The client reads the same JSON either way.
 */
export function jsonAnswer(reply: FastifyReply, members: Record<string, unknown>): string {
  reply.type('application/json; charset=utf-8');
  const written = Object.entries(members).flatMap(([key, value]) => {
    const json = value instanceof JsonText ? value.text : JSON.stringify(value);
    return json === undefined ? [] : [`${JSON.stringify(key)}:${json}`];
  });
  return `{${written.join(',')}}`;
}
