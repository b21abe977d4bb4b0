import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { messages } from '../messages.ts';

/** What Node's parser found wrong before any route ran: status and Spanish message. */
function describeConnectionError(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, messages.headersTooLarge];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, messages.requestTimeout];
  return [400, messages.malformedRequest];
}

/** Node's `clientError`: malformed requests and oversized headers answered as `{ message }` in Spanish. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = describeConnectionError(error.code);
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Router errors fastify answers before routing (a URL that does not decode, an overlong path part). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  // Sent before routing, so no onSend hook marks it: an error is never kept by a cache.
  reply.header('cache-control', 'no-store');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ message: messages.urlPartTooLong });
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ message: messages.badUrl });
  return reply.status(400).send({ message: messages.badRequest });
}
