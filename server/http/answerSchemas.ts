import type { FastifyInstance } from 'fastify';
import { apiContract, type RouteContract } from '../../schema/contract/routes.ts';

/** The contract entry of a registered route, if it has one. */
export function routeContract(method: string, url: string): RouteContract | undefined {
  return (apiContract as Record<string, RouteContract>)[`${method} ${url}`];
}

/**
 * Gives every route its answer's schema from schema/contract (fastify's response schemas, which OpenAPI reads); a
 * test fails on a route the contract does not name. Answers are still written by JSON.stringify, unchecked: the
 * tests parse real answers with the same schemas.
 */
export function registerAnswerSchemas(app: FastifyInstance): void {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const contract = routeContract(method, route.url);
      if (contract?.answer) route.schema = { ...route.schema, response: { [contract.status ?? 200]: contract.answer } };
    }
  });
}
