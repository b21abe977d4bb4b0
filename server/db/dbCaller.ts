import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whom the database work under way is for: it picks the connections a statement may take (openPostgres.ts). */
export interface DbCaller {
  /** The signed-in employee; undefined before the session is known (sign-in, the session check, health and ready). */
  employeeId(): number | undefined;
}

const callers = new AsyncLocalStorage<DbCaller>();

/** The caller of the work under way; undefined outside any request (start, migrations, scripts). */
export const currentCaller = (): DbCaller | undefined => callers.getStore();

export const runAsCaller = <T>(caller: DbCaller, work: () => T): T => callers.run(caller, work);

/**
 * Every request's database work runs as its caller. Entered on request, and again before validation: a body is read
 * in its socket's events, which do not carry the request's context.
 */
export function registerDbCaller(app: FastifyInstance) {
  const ofRequest = new WeakMap<FastifyRequest, DbCaller>();
  app.addHook('onRequest', (request, _reply, done) => {
    const caller: DbCaller = { employeeId: () => request.session?.employeeId };
    ofRequest.set(request, caller);
    runAsCaller(caller, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const caller = ofRequest.get(request);
    if (caller) runAsCaller(caller, done);
    else done();
  });
}
