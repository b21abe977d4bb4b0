import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { cutForLog } from './logSerializers.ts';

/**
 * One log line per answered request, in place of fastify's two (incoming, completed): its method, URL, status and
 * time in words, and the employee once the session is known (registerAuth gives the request's logger the id).
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = `${request.method} ${cutForLog(request.url)} ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, `${line}: ${cutForLog(error.message)}`);
    else reply.log.info(fields, line);
  }
}
