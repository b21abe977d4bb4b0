// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { TransformError } from '../../core/data/transformError.ts';
import { texts } from '../texts.ts';
import { BlockError } from './BlockError.tsx';

afterEach(cleanup);

describe('BlockError', () => {
  it('shows "Acceso no autorizado" in the block\'s place for a No Permission answer, without a retry', () => {
    render(<BlockError error={new ApiError(403, texts.errors.noPermission, true)} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('Acceso no autorizado');
    expect(screen.queryByRole('button', { name: texts.app.retry })).toBeNull();
  });

  it('says the definition is wrong, not the connection, when its transforms fail, without a retry', () => {
    render(<BlockError error={new TransformError('Unrecognized function: foo')} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe(`${texts.app.invalidDefinition}${texts.app.invalidDefinitionSupport}`);
    expect(screen.queryByText(texts.report.loadFailed)).toBeNull();
    expect(screen.queryByRole('button', { name: texts.app.retry })).toBeNull();
  });

  it('offers a retry for any other failure', () => {
    render(<BlockError error={new ApiError(500, texts.errors.serverText)} onRetry={() => undefined} />);
    expect(screen.getByText(texts.report.loadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.app.retry })).toBeTruthy();
    expect(screen.queryByText('Acceso no autorizado')).toBeNull();
  });
});
