import { describe, expect, it } from 'vitest';
import { exportBodySchema } from '../../server/export/exportBody.ts';
import { serverExportBody, serverExportable } from './serverExport.ts';

const screen = { report: 'pos-sales', block: '3', params: 'date=2026-03-01&t3.sort=-total', routeParams: {} };

describe('the body of a server-built file', () => {
  it('names the screen, the answer and the search, and nothing of how the file is written', () => {
    const body = serverExportBody(screen, 'xlsx', 'yes', 'casa');
    expect(body).toEqual({ report: 'pos-sales', block: '3', format: 'xlsx', answer: 'yes', params: screen.params, routeParams: {}, search: 'casa' });
    // The server's own schema takes it as it is.
    expect(exportBodySchema.parse(body)).toEqual(body);
  });

  it('leaves out an answer and a search the screen does not have', () => {
    expect(serverExportBody(screen, 'csv', undefined, '')).toEqual({ report: 'pos-sales', block: '3', format: 'csv', params: screen.params, routeParams: {} });
  });

  it('is refused by the server when it carries columns', () => {
    const body = { ...serverExportBody(screen, 'xlsx', 'no', ''), columns: [{ header: 'X', value: 'datum.total' }] };
    expect(exportBodySchema.safeParse(body).success).toBe(false);
  });

  it.each([
    ['/api/v1/report/booking', true],
    ['/api/v1/export', false],
    ['/other/report', false],
  ])('builds %s on the server: %s', (path, expected) => {
    expect(serverExportable({ service: 'api', path })).toBe(expected);
  });
});
