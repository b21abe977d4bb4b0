// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api/client.ts';
import { notifyError, notifyServerError } from './notify.ts';
import { clearToasts } from './shell/toaster.tsx';
import { texts } from './texts.ts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(async () => {
  cleanup();
  await clearToasts();
  await waitFor(() => expect(document.querySelectorAll('.bp6-toast')).toHaveLength(0));
});

describe('notifications', () => {
  it('shows an error with its title and text', async () => {
    notifyError('Título', 'Texto del aviso');
    expect(await screen.findByText('Título')).toBeTruthy();
    expect(screen.getByText('Texto del aviso')).toBeTruthy();
    expect(document.querySelector('.bp6-toast.bp6-intent-danger')).not.toBeNull();
  });

  it("shows the spec's server error for a failed call", async () => {
    notifyServerError(new ApiError(0, texts.errors.serverText));
    expect(await screen.findByText(texts.errors.serverTitle)).toBeTruthy();
    expect(screen.getByText(texts.errors.serverText)).toBeTruthy();
  });

  it("shows a server's own message under the server error title", async () => {
    notifyServerError(new ApiError(400, 'Parámetro no válido «year»'));
    expect(await screen.findByText('Parámetro no válido «year»')).toBeTruthy();
  });

  it('shows "Acceso no autorizado" for No Permission, and nothing for a sign-out', async () => {
    notifyServerError(new ApiError(401, 'La sesión no es válida.'));
    notifyServerError(new ApiError(403, texts.errors.noPermission, true));
    expect(await screen.findByText(texts.errors.noPermission)).toBeTruthy();
    expect(screen.queryByText('La sesión no es válida.')).toBeNull();
    expect(document.querySelectorAll('.bp6-toast')).toHaveLength(1);
  });
});
