// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import eventTickets from '../../reports/movements/eventTicket.ts';
import posSales from '../../reports/pos/sales.ts';
import { reportDefinitionSchema, type ReportDefinition } from '../../schema/reportDefinition.ts';
import { setConfig } from '../api/config.ts';
import { startFixedServer, type FixedServer } from '../api/testing/fixedServer.ts';
import { testQueryClient } from '../api/testing/testQueryClient.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { storeSession } from '../session/session.ts';
import { texts } from '../texts.ts';
import { useSource } from './useSource.ts';
import '../../tests/support/componentTeardown.ts';

let api: FixedServer;
beforeAll(async () => {
  api = await startFixedServer(() => ({ status: 500, body: 'Internal Server Error' }));
});
afterAll(() => api.close());
beforeEach(() => {
  setConfig({ apiBaseUrl: api.url });
  storeSession('token-123', { _id: 7, name: 'Laura', lastName: 'Gómez', email: 'laura@mirador.test', avatar: null });
});

function FirstSource({ definition }: { definition: ReportDefinition }) {
  const filters = defaultFilterValues(definition, { today: '2026-11-18' });
  useSource(definition, Object.keys(definition.sources)[0]!, { filters, routeParams: {} });
  return null;
}

const renderFailing = (input: unknown) =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <FirstSource definition={reportDefinitionSchema.parse(input)} />
    </QueryClientProvider>,
  );

describe('a source that fails to load', () => {
  it('on a POS screen, says so with the accents the spec gives POS screens', async () => {
    renderFailing(posSales);
    expect(await screen.findByText('Error con comunicación con el servidor.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('No se pudo establecer comunicación con servidor.')).toBeTruthy();
  });

  it('elsewhere, with the spec\'s unaccented text', async () => {
    renderFailing(eventTickets);
    expect(await screen.findByText(texts.errors.serverTitle, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(texts.errors.serverText)).toBeTruthy();
  });
});
