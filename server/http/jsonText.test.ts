import Fastify from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonAnswer, JsonText } from './jsonText.ts';

/** What an answer of `members` must read as: JsonText parsed, the rest as JSON.stringify writes them. */
const expected = (members: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(members, (_key, value: unknown) => (value instanceof JsonText ? JSON.parse(value.text) : value)));

describe('jsonAnswer', () => {
  it('writes the members in order, the database-written text as it is, undefined ones left out', async () => {
    const app = Fastify();
    app.get('/', (_request, reply) => jsonAnswer(reply, { data: new JsonText('[{"_id":1,"name":"José"}]'), total: 2.5, none: undefined, dateStart: '2026-11-01' }));
    const response = await app.inject({ url: '/' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe('{"data":[{"_id":1,"name":"José"}],"total":2.5,"dateStart":"2026-11-01"}');
    await app.close();
  });

  it('answers any sequence of calls as its own members say, whatever was written before with the same text', () => {
    const reply = { type: () => reply } as unknown as Parameters<typeof jsonAnswer>[0];
    // A few texts and totals, so that calls repeat a text with the same members or with others.
    const text = fc.constantFrom('[]', '[1,2]', '{"a":"ñ"}', '[{"x":null}]');
    const members = fc.record({ total: fc.constantFrom(0, 1, 2.5), data: text, extra: fc.option(text, { nil: undefined }), first: fc.boolean() });
    fc.assert(
      fc.property(fc.array(members, { minLength: 1, maxLength: 20 }), (calls) => {
        for (const call of calls) {
          const answerMembers: Record<string, unknown> = call.first
            ? { data: new JsonText(call.data), total: call.total, ...(call.extra !== undefined && { extra: new JsonText(call.extra) }) }
            : { total: call.total, data: new JsonText(call.data) };
          const answer = jsonAnswer(reply, answerMembers);
          expect(JSON.parse(answer)).toEqual(expected(answerMembers));
          expect(Object.keys(JSON.parse(answer))).toEqual(Object.keys(answerMembers));
        }
      }),
    );
  });
});
