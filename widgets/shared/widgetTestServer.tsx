import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';
import { setConfig } from '../../engine/api/config.ts';
import { testQueryClient } from '../../engine/api/testing/testQueryClient.ts';
import { storeSession } from '../../engine/session/session.ts';
import { LazyPage } from '../../engine/shell/LazyPage.tsx';
import type { WidgetModule, WidgetProps } from '../../engine/widgets/registry.ts';
import { demoEmployee } from '../../server/demo/demoAccounts.ts';
import type { TestServer } from '../../tests/support/testServer.ts';
import '../../tests/support/componentTeardown.ts';

// Vitest's jsdom puts jsdom's Uint8Array and ArrayBuffer on the global, so Node's own arrays (TextEncoder's, Buffer)
// fail `instanceof` in the in-process server (jose rejects the token secret): give the global back Node's.
Object.assign(globalThis, {
  Uint8Array: Object.getPrototypeOf(Buffer.prototype).constructor,
  ArrayBuffer: Buffer.alloc(1).buffer.constructor,
});

// Every answer crosses a real socket to PGlite, slower than a mock under a busy test run.
configure({ asyncUtilTimeout: 10_000 });

export interface WidgetTestServer extends TestServer {
  /** http://127.0.0.1:{port} of the listening server. */
  baseUrl: string;
}

/** The real API on the small test database, listening on a free port, with the app pointed at it and signed in. */
export async function startWidgetTestServer(): Promise<WidgetTestServer> {
  // Loaded after the arrays are Node's: the test harness encodes its token secret on import.
  const { startTestServer } = await import('../../tests/support/testServer.ts');
  const server = await startTestServer();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  pointAppAt(baseUrl);
  const [employee] = await server.db.query<{ id: number; name: string; last_name: string; email: string }>(
    'SELECT id, name, last_name, email FROM employees WHERE email = $1',
    [demoEmployee.email],
  );
  storeSession(server.token, { _id: employee!.id, name: employee!.name, lastName: employee!.last_name, email: employee!.email, avatar: null });
  return { ...server, baseUrl };
}

/** Every service of the runtime configuration at `baseUrl` (images under /images), unless overridden. */
export function pointAppAt(baseUrl: string, overrides: Parameters<typeof setConfig>[0] = {}) {
  setConfig({
    apiBaseUrl: baseUrl,
    authBaseUrl: baseUrl,
    paymentsBaseUrl: baseUrl,
    masterBaseUrl: baseUrl,
    imagesBaseUrl: `${baseUrl}/images`,
    ...overrides,
  });
}

/** Renders a widget as the host does (its code loaded on demand), with a fresh query client and spies for its props; tests/support/componentTeardown.ts unmounts it. */
export function renderWidget(widget: WidgetModule, widgetKey: string) {
  const onClose = vi.fn<() => void>();
  const openWidget = vi.fn<WidgetProps['openWidget']>();
  const view = render(
    <QueryClientProvider client={testQueryClient()}>
      <LazyPage load={widget.load} props={{ widgetKey, onClose, openWidget }} />
    </QueryClientProvider>,
  );
  return { ...view, onClose, openWidget };
}
