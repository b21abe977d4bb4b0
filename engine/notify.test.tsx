// @vitest-environment jsdom
import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api/client.ts';
import { TransformError } from '../core/data/transformError.ts';
import { noticesShown, notifyError, notifyServerError } from './notify.ts';
import { texts } from './texts.ts';
import '../tests/support/componentTeardown.ts';

// Each test starts without a toaster: componentTeardown removes it after each.
configure({ asyncUtilTimeout: 10_000 });

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

  it("says the report's definition is wrong, not the connection, when its transforms fail", async () => {
    notifyServerError(new TransformError('Unrecognized function: foo'));
    expect(await screen.findByText(texts.app.invalidDefinition)).toBeTruthy();
    expect(screen.getByText(texts.app.invalidDefinitionSupport)).toBeTruthy();
    expect(screen.queryByText(texts.errors.serverText)).toBeNull();
  });

  it('says that what was asked for does not exist for a 404, not that the server failed', async () => {
    notifyServerError(new ApiError(404, 'No existe la reserva «X».'));
    expect(await screen.findByText(texts.errors.notFoundTitle)).toBeTruthy();
    expect(screen.getByText('No existe la reserva «X».')).toBeTruthy();
    expect(screen.queryByText(texts.errors.serverTitle)).toBeNull();
  });

  it('shows the same notice once however often it is asked for', async () => {
    notifyServerError(new ApiError(403, texts.errors.noPermission, true));
    notifyServerError(new ApiError(403, texts.errors.noPermission, true));
    notifyError('Otro', '');
    await noticesShown();
    expect(await screen.findByText('Otro')).toBeTruthy();
    expect(screen.getAllByText(texts.errors.noPermission)).toHaveLength(1);
    expect(document.querySelectorAll('.bp6-toast')).toHaveLength(2);
  });

  it('shows "Acceso no autorizado" for No Permission, and nothing for a sign-out', async () => {
    notifyServerError(new ApiError(401, 'La sesión no es válida.'));
    notifyServerError(new ApiError(403, texts.errors.noPermission, true));
    expect(await screen.findByText(texts.errors.noPermission)).toBeTruthy();
    expect(screen.queryByText('La sesión no es válida.')).toBeNull();
    expect(document.querySelectorAll('.bp6-toast')).toHaveLength(1);
  });
});
