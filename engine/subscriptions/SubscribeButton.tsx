import { Button } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { getConfig } from '../api/config.ts';
import { notifySuccess } from '../notify.ts';
import { useReport } from '../report/ReportContext.tsx';
import { useSession } from '../session/useSession.ts';
import { onDemand } from '../shell/onDemand.tsx';
import { texts } from '../texts.ts';
import type { SavedView } from '../views/useViews.ts';
import { instantText } from './schedule.ts';
import { newSubscriptionValues } from './subscriptionForm.ts';
import { subscriptionState } from './subscriptionState.ts';
import { tableChoices } from './tableChoices.ts';
import { useSubscriptionChanges } from './useSubscriptions.ts';

// The dialog (a form, its validation, the recipients' list) loads on first use.
const SubscriptionDialog = onDemand(() => import('./SubscriptionDialog.tsx').then((module) => module.SubscriptionDialog));

const t = texts.subscriptions;

/**
 * "Enviar por correo…" beside Vistas: subscribes the signed-in employee to the screen as it is now (its URL state,
 * relative periods left to follow the day sent, the open saved view), with the recipients a shared view may name.
 */
export function SubscribeButton({ view }: { /** The saved view the screen is on, if any. */ view: SavedView | undefined }) {
  const { definition, today, searchParams } = useReport();
  const { pathname } = useLocation();
  const selfId = useSession()?.employee._id;
  const changes = useSubscriptionChanges();
  const [isOpen, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const { mail, timeZone } = getConfig();
  const tables = useMemo(() => tableChoices(definition.title, definition.blocks, searchParams), [definition, searchParams]);
  const initial = useMemo(() => newSubscriptionValues(tables.filter((table) => table.shown).map((table) => table.block)), [tables]);

  return (
    <>
      <Button
        icon="envelope"
        text={t.open}
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      />
      {used ? (
        <SubscriptionDialog
          isOpen={isOpen}
          title={t.dialogTitle}
          mail={mail}
          zone={timeZone}
          tables={tables}
          withRecipients={view?.shared === true}
          selfId={selfId}
          initial={initial}
          onSubmit={async ({ recipients, ...choice }) => {
            const created = await changes.create.mutateAsync({
              reportId: definition.id,
              path: pathname,
              state: subscriptionState(definition, searchParams, { today }),
              viewId: view?.id ?? null,
              ...choice,
              ...(recipients && recipients.length > 0 ? { recipients } : {}),
            });
            notifySuccess(t.created, t.createdText(instantText(created.nextSendAt, timeZone)));
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
