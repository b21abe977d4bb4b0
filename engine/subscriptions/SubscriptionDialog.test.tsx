// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../api/config.ts';
import { startFixedServer, type FixedServer } from '../api/testing/fixedServer.ts';
import { testQueryClient } from '../api/testing/testQueryClient.ts';
import { texts } from '../texts.ts';
import { newSubscriptionValues, type SubscriptionChoice, type SubscriptionFormValues } from './subscriptionForm.ts';
import { SubscriptionDialog } from './SubscriptionDialog.tsx';
import type { TableChoice } from './tableChoices.ts';
import '../../tests/support/componentTeardown.ts';

const notices = vi.hoisted(() => ({ notifyServerError: vi.fn(), notifySuccess: vi.fn(), notifyError: vi.fn(), notifyWarning: vi.fn() }));
vi.mock('../notify.ts', () => notices);

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const t = texts.subscriptions;
const tables: TableChoice[] = [
  { block: '0', title: 'Reservas', shown: true },
  { block: '1-1-0', title: 'Mes - Detalle', shown: false },
];

// The recipients' list, answered by a real HTTP server (a fake answer: component tests only).
let server: FixedServer;
beforeAll(async () => {
  server = await startFixedServer(() => ({
    status: 200,
    body: { data: [{ id: 1, name: 'Demo', lastName: 'Gerente' }, { id: 7, name: 'Ana', lastName: 'Ruiz' }, { id: 9, name: 'Luis', lastName: 'Pérez' }] },
  }));
});
afterAll(() => server.close());
beforeEach(() => setConfig({ apiBaseUrl: server.url }));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderDialog(options: { mail?: boolean; tables?: TableChoice[]; withRecipients?: boolean; initial?: SubscriptionFormValues } = {}) {
  const onSubmit = vi.fn<(choice: SubscriptionChoice) => Promise<unknown>>(() => Promise.resolve());
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <SubscriptionDialog
        isOpen
        title={t.dialogTitle}
        mail={options.mail ?? true}
        zone="America/Bogota"
        tables={'tables' in options ? options.tables : tables}
        withRecipients={options.withRecipients ?? false}
        selfId={1}
        initial={options.initial ?? newSubscriptionValues(['0'])}
        onSubmit={onSubmit}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { onSubmit, onClose, user: userEvent.setup(), dialog: screen.getByRole('dialog') };
}

describe('Enviar por correo', () => {
  it('refuses a weekly subscription without days, in Spanish, and sends nothing', async () => {
    const { onSubmit, user, dialog } = renderDialog();
    const days = within(dialog).getByRole('group', { name: t.weekdaysLabel });
    await user.click(within(days).getByRole('checkbox', { name: 'Lunes' }));
    await user.click(within(dialog).getByRole('button', { name: t.subscribe }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Elija al menos un día de la semana.');
    expect(onSubmit).not.toHaveBeenCalled();

    // Two days and the message goes; the schedule names them in week order.
    await user.click(within(days).getByRole('checkbox', { name: 'Jueves' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Lunes' }));
    await user.selectOptions(within(dialog).getByLabelText('Hora (hora de America/Bogota)'), '07:00');
    await user.click(within(dialog).getByRole('button', { name: t.subscribe }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      schedule: { frequency: 'weekly', weekdays: [1, 4], hour: 7 },
      format: 'xlsx',
      skipEmpty: false,
      blocks: ['0'],
      recipients: undefined,
    });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('asks a table at least, and sends monthly on a day, as CSV, skipping empty reports', async () => {
    const { onSubmit, onClose, user, dialog } = renderDialog();
    const chosen = within(dialog).getByRole('group', { name: t.tables });
    expect(within(chosen).getByRole('checkbox', { name: 'Reservas' })).toHaveProperty('checked', true);
    expect(within(chosen).getByRole('checkbox', { name: 'Mes - Detalle' })).toHaveProperty('checked', false);
    await user.click(within(chosen).getByRole('checkbox', { name: 'Reservas' }));
    await user.click(within(dialog).getByRole('radio', { name: t.monthly }));
    // Weekly's days are gone with weekly.
    expect(within(dialog).queryByRole('group', { name: t.weekdaysLabel })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText(t.monthDay), '31');
    await user.click(within(dialog).getByRole('radio', { name: t.csv }));
    await user.click(within(dialog).getByRole('checkbox', { name: t.skipEmpty }));
    await user.click(within(dialog).getByRole('button', { name: t.subscribe }));
    expect(await within(chosen).findByRole('alert')).toHaveProperty('textContent', 'Elija al menos una tabla.');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(within(chosen).getByRole('checkbox', { name: 'Mes - Detalle' }));
    await user.click(within(chosen).getByRole('checkbox', { name: 'Reservas' }));
    await user.click(within(dialog).getByRole('button', { name: t.subscribe }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      schedule: { frequency: 'monthly', monthDay: 31, hour: 8 },
      format: 'csv',
      skipEmpty: true,
      // In the screen's order, whatever the order of the clicks.
      blocks: ['0', '1-1-0'],
      recipients: undefined,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('names recipients among the employees (not oneself) on a shared view', async () => {
    const { onSubmit, user, dialog } = renderDialog({ withRecipients: true });
    await user.click(within(dialog).getByRole('radio', { name: t.daily }));
    const field = within(dialog).getByLabelText(t.recipients);
    await user.click(field);
    await user.type(field, 'u');
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Ana Ruiz', 'Luis Pérez']);
    await user.click(within(list).getByText('Luis Pérez'));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(within(dialog).getByText('Luis Pérez')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t.subscribe }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ schedule: { frequency: 'daily', hour: 8 }, recipients: [9] });
    expect(server.requests.map((request) => request.url)).toContain('/api/v1/subscriptions/recipients');
  });

  it('without SMTP only says sending is not configured', () => {
    const { dialog } = renderDialog({ mail: false });
    expect(within(dialog).getByText('El envío por correo no está configurado en este servidor.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: t.subscribe })).toBeNull();
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['', t.close]);
  });

  it('keeps the dialog open and tells the server refusal', async () => {
    const { onSubmit, onClose, user, dialog } = renderDialog();
    const refusal = new Error('La hora debe estar entre 0 y 23.');
    onSubmit.mockRejectedValueOnce(refusal);
    await user.click(within(dialog).getByRole('button', { name: t.subscribe }));
    await waitFor(() => expect(notices.notifyServerError).toHaveBeenCalledWith(refusal));
    expect(onClose).not.toHaveBeenCalled();
  });
});
