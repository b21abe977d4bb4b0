import { Alert, Button, Card, H2, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatValue } from '../../core/format.ts';
import { getConfig } from '../api/config.ts';
import { notifyServerError, notifySuccess } from '../notify.ts';
import { useSession } from '../session/useSession.ts';
import { usePageTitle } from '../shell/PageHeader.tsx';
import { texts } from '../texts.ts';
import { useViews } from '../views/useViews.ts';
import { instantText, scheduleSentence } from './schedule.ts';
import { SubscriptionDialog } from './SubscriptionDialog.tsx';
import { subscriptionValues } from './subscriptionForm.ts';
import { useSubscriptionChanges, useSubscriptions, type Subscription } from './useSubscriptions.ts';
import './subscriptions.css';

const t = texts.subscriptions;

/** The screen as subscribed: its path and the subscription's state as the address. */
export function subscriptionLink(subscription: Pick<Subscription, 'path' | 'state'>): string {
  const search = new URLSearchParams([...subscription.state.filters, ...subscription.state.params]).toString();
  return search ? `${subscription.path}?${search}` : subscription.path;
}

/** Who receives it: its creator, always, then the others named. */
const names = (subscription: Subscription) =>
  [subscription.owner, ...subscription.recipients.filter((person) => person.id !== subscription.owner.id)]
    .map((person) => formatValue('fullName', person))
    .join(', ');

type Changes = ReturnType<typeof useSubscriptionChanges>;

interface RowActions {
  changes: Changes;
  /** SMTP configured: "Enviar ahora" is offered. */
  mail: boolean;
  onChange(subscription: Subscription): void;
  onDelete(subscription: Subscription): void;
  onLeave(subscription: Subscription): void;
}

function SubscriptionRow({ subscription, zone, actions }: { subscription: Subscription; zone: string; actions: RowActions }) {
  const { changes } = actions;
  const pausing = changes.update.isPending && changes.update.variables?.id === subscription.id;
  const togglePause = () =>
    changes.update.mutate(
      { id: subscription.id, change: { paused: !subscription.paused } },
      { onSuccess: () => notifySuccess(subscription.paused ? t.resumed : t.paused, subscription.title), onError: notifyServerError },
    );
  const sending = changes.send.isPending && changes.send.variables === subscription.id;
  const sendNow = () =>
    changes.send.mutate(subscription.id, { onSuccess: () => notifySuccess(t.sendQueued, subscription.title), onError: notifyServerError });
  return (
    <tr>
      <td>
        <Link to={subscriptionLink(subscription)}>{subscription.title}</Link>
        {subscription.mine ? null : <div className="subscription-muted">{`${t.owner}: ${formatValue('fullName', subscription.owner)}`}</div>}
      </td>
      <td>
        {scheduleSentence(subscription.schedule)}
        {subscription.paused ? (
          <>
            {' '}
            <Tag minimal intent="warning">
              {t.pausedTag}
            </Tag>
          </>
        ) : null}
      </td>
      <td>
        {subscription.format === 'csv' ? t.csv : t.excel}
        {subscription.skipEmpty ? <div className="subscription-muted">{t.skipEmptyTag}</div> : null}
      </td>
      <td>{names(subscription)}</td>
      <td className="subscription-nowrap">{subscription.paused ? '—' : instantText(subscription.nextSendAt, zone)}</td>
      <td>{subscription.lastError ?? <span className="subscription-muted">{t.noError}</span>}</td>
      <td>
        <div className="subscription-actions">
          {subscription.mine ? (
            <>
              <Button
                variant="minimal"
                icon={subscription.paused ? 'play' : 'pause'}
                text={subscription.paused ? t.resume : t.pause}
                aria-label={subscription.paused ? t.resumeOf(subscription.title) : t.pauseOf(subscription.title)}
                loading={pausing}
                onClick={togglePause}
              />
              {actions.mail && !subscription.paused ? (
                <Button
                  variant="minimal"
                  icon="send-message"
                  text={t.sendNow}
                  aria-label={t.sendNowOf(subscription.title)}
                  loading={sending}
                  onClick={sendNow}
                />
              ) : null}
              <Button variant="minimal" icon="edit" text={t.change} aria-label={t.changeOf(subscription.title)} onClick={() => actions.onChange(subscription)} />
              <Button
                variant="minimal"
                intent="danger"
                icon="trash"
                text={t.delete}
                aria-label={t.deleteOf(subscription.title)}
                onClick={() => actions.onDelete(subscription)}
              />
            </>
          ) : (
            <Button variant="minimal" icon="log-out" text={t.leave} aria-label={t.leaveOf(subscription.title)} onClick={() => actions.onLeave(subscription)} />
          )}
        </div>
      </td>
    </tr>
  );
}

function SubscriptionTable({ caption, rows, zone, actions }: { caption: string; rows: Subscription[]; zone: string; actions: RowActions }) {
  return (
    <section className="subscription-section" aria-label={caption}>
      <H2 className="subscription-heading">{caption}</H2>
      <HTMLTable compact striped className="subscription-table">
        <thead>
          <tr>
            <th scope="col">{t.report}</th>
            <th scope="col">{t.schedule}</th>
            <th scope="col">{t.formatColumn}</th>
            <th scope="col">{t.recipientsColumn}</th>
            <th scope="col">{t.nextSend}</th>
            <th scope="col">{t.lastError}</th>
            <th scope="col">{t.actions}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((subscription) => (
            <SubscriptionRow key={subscription.id} subscription={subscription} zone={zone} actions={actions} />
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

/** "Mis suscripciones" (/subscriptions): one's own subscriptions, to pause, send now, change or delete, and those one receives, to leave. */
export default function SubscriptionsPage() {
  usePageTitle(t.pageTitle);
  const list = useSubscriptions();
  const views = useViews();
  const changes = useSubscriptionChanges();
  const selfId = useSession()?.employee._id;
  const { mail, timeZone } = getConfig();
  const [editing, setEditing] = useState<Subscription>();
  const [deleting, setDeleting] = useState<Subscription>();
  const [leaving, setLeaving] = useState<Subscription>();

  const mine = useMemo(() => (list.data ?? []).filter((s) => s.mine), [list.data]);
  const received = useMemo(() => (list.data ?? []).filter((s) => !s.mine), [list.data]);
  const actions: RowActions = { changes, mail, onChange: setEditing, onDelete: setDeleting, onLeave: setLeaving };
  // Recipients may be named for a shared view's subscription (or kept, when it already names some).
  const editingShared =
    editing !== undefined &&
    editing.viewId !== null &&
    (views.data?.some((view) => view.id === editing.viewId && view.shared) === true || editing.recipients.some((person) => person.id !== selfId));

  let body;
  if (list.isPending) body = <Spinner size={30} aria-label={texts.app.loading} />;
  else if (list.isError)
    body = <NonIdealState icon="error" title={t.loadError} action={<Button intent="primary" text={texts.app.retry} onClick={() => void list.refetch()} />} />;
  else if (mine.length === 0 && received.length === 0) body = <p>{t.none}</p>;
  else
    body = (
      <>
        {mine.length > 0 ? <SubscriptionTable caption={t.mine} rows={mine} zone={timeZone} actions={actions} /> : null}
        {received.length > 0 ? <SubscriptionTable caption={t.received} rows={received} zone={timeZone} actions={actions} /> : null}
      </>
    );

  return (
    <Card className="subscriptions-page">
      <p>{t.pageIntro(timeZone)}</p>
      <div aria-busy={list.isPending}>{body}</div>
      {editing ? (
        <SubscriptionDialog
          isOpen
          title={`${t.changeTitle}: ${editing.title}`}
          mail={mail}
          zone={timeZone}
          withRecipients={editingShared}
          selfId={selfId}
          initial={subscriptionValues(editing, selfId)}
          onSubmit={async ({ schedule, format, skipEmpty, recipients }) => {
            await changes.update.mutateAsync({ id: editing.id, change: { schedule, format, skipEmpty, ...(recipients ? { recipients } : {}) } });
            notifySuccess(t.changed, editing.title);
          }}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <Alert
        isOpen={deleting !== undefined}
        intent="danger"
        icon="trash"
        confirmButtonText={t.delete}
        cancelButtonText={t.cancel}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const target = deleting;
          setDeleting(undefined);
          if (target) changes.remove.mutate(target.id, { onSuccess: () => notifySuccess(t.deleted, target.title), onError: notifyServerError });
        }}
      >
        <p>{deleting ? t.deleteConfirm(deleting.title) : null}</p>
      </Alert>
      <Alert
        isOpen={leaving !== undefined}
        icon="log-out"
        confirmButtonText={t.leave}
        cancelButtonText={t.cancel}
        onCancel={() => setLeaving(undefined)}
        onConfirm={() => {
          const target = leaving;
          setLeaving(undefined);
          if (target) changes.leave.mutate(target.id, { onSuccess: () => notifySuccess(t.left, target.title), onError: notifyServerError });
        }}
      >
        <p>{leaving ? t.leaveConfirm(leaving.title) : null}</p>
      </Alert>
    </Card>
  );
}
