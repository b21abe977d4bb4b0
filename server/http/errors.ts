import type { FastifyError, FastifyInstance } from 'fastify';
import { databaseRetryAfterSeconds, databaseTrouble, shareRetryAfterSeconds, streamsBusyRetryAfterSeconds, type DatabaseTrouble } from '../db/dbErrors.ts';
import { messages } from '../messages.ts';
import { HttpError } from './HttpError.ts';
import { RequestValidationError } from './zodProvider.ts';

function describeValidation(error: RequestValidationError): string {
  const issue = error.issues[0];
  if (!issue) return messages.badRequest;
  if (issue.code === 'unrecognized_keys') return messages.unknownParameter(issue.keys.join(', '));
  const where = issue.path.length ? issue.path.map(String).join('.') : (messages.requestPartNames[error.part] ?? error.part);
  return messages.invalidParameter(where, issue.message);
}

/** What a client is told of each kind of database trouble: status, message and seconds before trying again. */
const troubleAnswers: Record<DatabaseTrouble, { status: number; message: string; retryAfter: number; log: string }> = {
  unavailable: { status: 503, message: messages.databaseUnavailable, retryAfter: databaseRetryAfterSeconds, log: 'database unavailable' },
  timeout: { status: 503, message: messages.databaseTimeout, retryAfter: databaseRetryAfterSeconds, log: 'database unavailable' },
  busy: { status: 503, message: messages.streamsBusy, retryAfter: streamsBusyRetryAfterSeconds, log: 'every stream connection in use' },
  // The caller's own requests fill its share: too many requests of one employee, not a server in trouble.
  share: { status: 429, message: messages.poolShareFull, retryAfter: shareRetryAfterSeconds, log: "every connection of the employee's share in use" },
  diskFull: { status: 503, message: messages.diskFull, retryAfter: databaseRetryAfterSeconds, log: 'database disk full' },
};

/** Framework errors a client can cause, answered as 400 with a Spanish message. */
const clientErrors: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: messages.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.unsupportedMediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.invalidJson,
  FST_ERR_CTP_INVALID_JSON_BODY: messages.invalidJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: messages.badRequest,
};

/** One handler shapes every error as `{ message }`; no SQL, SQLSTATE or stack reaches a response. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply.status(400).send({ message: describeValidation(error) });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return reply.status(400).send({ message: known });
    if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      return reply.status(400).send({ message: messages.badRequest });
    }
    const trouble = databaseTrouble(error);
    if (trouble) {
      const answer = troubleAnswers[trouble];
      request.log.warn({ err: error, trouble }, answer.log);
      reply.header('Retry-After', answer.retryAfter);
      return reply.status(answer.status).send({ message: answer.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: messages.serverError });
  });
}
