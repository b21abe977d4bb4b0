import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../messages.ts';
import { HttpError } from './HttpError.ts';

/** C0 controls and DEL, tab and line breaks included: no parameter of this API holds them, and PostgreSQL refuses NUL. */
const controlCharacter = /[\u0000-\u001f\u007f]/;

/** More headers than this answer 431; Node would otherwise drop the rest silently (the token among them). */
export const maxHeaderCount = 100;

/** A longer URL answers 414: every filter of a screen at its longest list (params.ts, maxListLength) stays below it. */
export const maxUrlChars = 128 * 1024;

/** The path (as the client wrote it) of the first text in `value` holding a control character; any depth. */
function findControl(value: unknown): { path: string[]; inKey: boolean } | undefined {
  const pending: Array<[unknown, string[]]> = [[value, []]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (controlCharacter.test(item)) return { path, inKey: false };
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (controlCharacter.test(key)) return { path, inKey: true };
        pending.push([child, Array.isArray(item) ? path : [...path, key]]);
      }
    }
  }
  return undefined;
}

function refuseControlCharacters(request: FastifyRequest) {
  const parts = { params: request.params, querystring: request.query, body: request.body };
  for (const [part, value] of Object.entries(parts)) {
    const found = findControl(value);
    if (!found) continue;
    const partName = messages.requestPartNames[part] ?? part;
    if (found.inKey) throw new HttpError(400, messages.controlCharactersInName(partName));
    const where = found.path.length ? found.path.join('.') : partName;
    throw new HttpError(400, messages.invalidParameter(where, messages.controlCharacters));
  }
}

/**
 * Checks every request before its route validates it: an overlong URL, text with control characters anywhere
 * (query, path, JSON body, names included) and more headers than Node keeps answer in Spanish.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if ((request.raw.url?.length ?? 0) > maxUrlChars) throw new HttpError(414, messages.urlTooLong(maxUrlChars));
    if (request.raw.rawHeaders.length / 2 > maxHeaderCount) {
      throw new HttpError(431, messages.tooManyHeaders(maxHeaderCount));
    }
  });
  app.addHook('preValidation', async (request) => refuseControlCharacters(request));
  app.server.maxHeadersCount = maxHeaderCount + 1;
}
