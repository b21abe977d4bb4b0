import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import * as lodgingAnswers from '../../schema/contract/lodgingAnswers.ts';
import * as otherAnswers from '../../schema/contract/otherAnswers.ts';
import * as posAnswers from '../../schema/contract/posAnswers.ts';
import * as shapes from '../../schema/contract/shapes.ts';
import { routeContract } from './answerSchemas.ts';

/** The route that serves the OpenAPI document (`npm run dev` only). */
export const apiDocsPath = '/api/docs';

/** A zod schema of a route as JSON Schema: requests as they are sent, answers as they are written. */
function jsonSchema(schema: unknown, io: 'input' | 'output'): unknown {
  if (!(schema instanceof z.ZodType)) return schema;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  return rest;
}

/** The answers and the shapes they share, each once, as OpenAPI components that the routes' answers refer to. */
function answerComponents() {
  const registry = z.registry<{ id: string }>();
  for (const [name, shape] of Object.entries({ ...shapes, ...lodgingAnswers, ...posAnswers, ...otherAnswers })) {
    if (shape instanceof z.ZodType) registry.add(shape, { id: `${name[0]!.toUpperCase()}${name.slice(1)}` });
  }
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, target: 'draft-2020-12', unrepresentable: 'any' });
  const components = Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]));
  const refOf = (answer: z.ZodType) => ({ $ref: `#/components/schemas/${registry.get(answer)!.id}` });
  return { components, refOf };
}

const fileAnswer = (types: readonly string[]) => ({
  description: 'Archivo',
  content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
});

/** A route's request schemas and, from schema/contract, its answer, in the terms OpenAPI reads. */
function openApiSchema(
  schema: FastifySchema | undefined,
  method: string,
  url: string,
  isPublic: boolean,
  refOf: (answer: z.ZodType) => object,
): FastifySchema {
  const contract = routeContract(method, url);
  if (!contract) return { hide: true } as FastifySchema;
  const status = contract.status ?? 200;
  const answer = (() => {
    if (contract.file) return fileAnswer(contract.file);
    if (contract.answer) return { description: 'Respuesta', content: { 'application/json': { schema: refOf(contract.answer) } } };
    // A null answer is how @fastify/swagger writes a response without a body.
    return { description: 'Sin contenido', type: 'null' };
  })();
  const area = url.replace(/^\/api\/(v1\/)?/, '').split('/')[0]!;
  return {
    ...(schema?.params ? { params: jsonSchema(schema.params, 'input') } : {}),
    ...(schema?.querystring ? { querystring: jsonSchema(schema.querystring, 'input') } : {}),
    ...(schema?.body ? { body: jsonSchema(schema.body, 'input') } : {}),
    response: { [status]: answer },
    tags: [area],
    ...(isPublic ? { security: [] } : {}),
  } as FastifySchema;
}

/** The OpenAPI document of every route, from the routes' zod schemas and schema/contract, served at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const { components, refOf } = answerComponents();
  const document = {
    openapi: '3.1.0',
    info: { title: 'Mirador API', version: '1', description: 'El API de solo lectura de los reportes de Mirador.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } }, schemas: components },
    security: [{ bearer: [] }],
  };
  await app.register(fastifySwagger, {
    // zod writes JSON Schema 2020-12, which OpenAPI 3.1 is; the plugin's types know each version's objects apart.
    openapi: document as FastifyDynamicSwaggerOptions['openapi'],
    transform: ({ schema, url, route }) => ({
      schema: openApiSchema(schema, [route.method].flat()[0]!, url, route.config?.public === true, refOf),
      url,
    }),
  });
  app.get(apiDocsPath, { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
}
