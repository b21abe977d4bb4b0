import { act, cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../../engine/api/queryClient.ts';
import { clearTestQueryClients } from '../../engine/api/testing/testQueryClient.ts';
import * as notify from '../../engine/notify.ts';
import { removeToaster } from '../../engine/shell/toaster.tsx';

// Imported by component tests that render the app's pieces: each test ends with nothing left to run,
// since a state update after jsdom is gone throws "window is not defined" from react-dom.
export async function tearDownComponents(): Promise<void> {
  cleanup();
  await clearTestQueryClients();
  await queryClient.cancelQueries();
  queryClient.clear();
  await act(async () => {
    // Files that mock the notices have none on their way.
    if ('noticesShown' in notify) await notify.noticesShown();
    await removeToaster();
  });
}

afterEach(tearDownComponents);
