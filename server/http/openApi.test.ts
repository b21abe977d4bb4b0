import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiContract } from '../../schema/contract/routes.ts';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { apiDocsPath } from './openApi.ts';

interface OpenApiDocument {
  components: { schemas: Record<string, { type?: string }> };
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
}

let docs: TestServer;
let plain: TestServer;
beforeAll(async () => {
  [docs, plain] = await Promise.all([startTestServer({ apiDocs: true }), startTestServer()]);
});
afterAll(() => Promise.all([docs.close(), plain.close()]));

describe('the OpenAPI document', () => {
  it('is committed as generated (after a route change: `npx vitest run --project server-pglite server/http/openApi.test.ts -u`)', async () => {
    const res = await docs.get(apiDocsPath, null);
    expect(res.statusCode).toBe(200);
    await expect(`${JSON.stringify(res.json(), null, 2)}\n`).toMatchFileSnapshot('../../docs/openapi.json');
  });

  it('gives every route of schema/contract with its answer', async () => {
    const document = (await docs.get(apiDocsPath, null)).json() as OpenApiDocument;
    for (const [key, contract] of Object.entries(apiContract)) {
      const [method, url] = key.split(' ') as [string, string];
      const path = url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      const status = String('status' in contract ? contract.status : 200);
      const content = operation!.responses[status]?.content;
      if ('answer' in contract) {
        const { $ref } = content?.['application/json']?.schema as { $ref: string };
        expect(document.components.schemas[$ref.replace('#/components/schemas/', '')], key).toMatchObject({ type: 'object' });
      }
      if ('file' in contract) expect(Object.keys(content ?? {}), key).toEqual([...contract.file]);
    }
  });

  it('is not served unless asked for (production, tests)', async () => {
    expect((await plain.get(apiDocsPath)).statusCode).toBe(404);
  });
});
