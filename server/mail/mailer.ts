import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/Db.ts';
import { HttpError } from '../http/HttpError.ts';
import { messages } from '../messages.ts';
import { buildMail, type MailContext, type MailRecipient, type MailSubscription } from './buildMail.ts';
import { nextSendAt, type Schedule } from './schedule.ts';
import { smtpErrorText, type MailTransport } from './transport.ts';

export interface MailerOptions {
  /** The SMTP transport; undefined: sending is not configured and nothing is queued. */
  transport: MailTransport | undefined;
  from: string;
  context: () => Promise<MailContext>;
  /** How often the due subscriptions are looked for (SUBSCRIPTION_POLL_SECONDS). */
  pollMs: number;
  /** How long a claimed job is held; past it (the instance died) another instance takes it again. */
  leaseMs?: number;
  /** Tries of one job before it is given up (its subscription is sent again at its next due time). */
  maxAttempts?: number;
  /** Wait before a failed job is tried again. */
  retryMs?: number;
  /** This instance's name in the jobs it holds. */
  instance?: string;
}

export const defaultLeaseMs = 15 * 60_000;
const defaultMaxAttempts = 3;
const defaultRetryMs = 5 * 60_000;
/** Subscriptions turned into jobs, and jobs sent, per round at most (the next round takes the rest). */
const perRound = 50;
/** How long a stop waits for the job in hand; its lease lets another instance or the next start finish it. */
const stopWaitMs = 5_000;

interface JobRow {
  id: number;
  subscription_id: number;
  sent_to: number[];
  attempts: number;
}

interface SubscriptionRow {
  id: number;
  report_id: string;
  path: string;
  blocks: string[];
  state: MailSubscription['state'];
  presets: MailSubscription['presets'];
  format: 'xlsx' | 'csv';
  skip_empty: boolean;
  paused: boolean;
  owner_active: boolean;
  owner_name: string;
  owner_last_name: string;
}

const iso = (date: Date) => date.toISOString();

/** A failure as lastError states it: Spanish, without a stack. */
function errorText(error: unknown): string {
  if (error instanceof HttpError) return messages.subscriptions.buildFailed(error.message);
  if (typeof (error as { code?: unknown } | null)?.code === 'string' && /^E[A-Z]+$/.test((error as { code: string }).code)) return smtpErrorText(error);
  return messages.subscriptions.buildFailed(messages.serverError);
}

/**
 * Sends the subscriptions. Each round (every SUBSCRIPTION_POLL_SECONDS, on every instance):
 * 1. In one transaction, the due subscriptions (not paused, creator active) are locked with FOR UPDATE SKIP LOCKED,
 *    each turned into one job for its due instant (unique per subscription and instant) and its next_send_at moved
 *    on: two instances never queue one instant twice.
 * 2. A pending job whose lease is free or ran out is claimed (FOR UPDATE SKIP LOCKED, then a lease in the same
 *    statement), its mails built and sent recipient by recipient (each one recorded as sent at once), then marked
 *    sent. A failure is written to the subscription's lastError and the job tried again after `retryMs`, up to
 *    `maxAttempts`; a job whose instance died is taken again when its lease runs out.
 */
export class SubscriptionMailer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private started = false;
  readonly instance: string;

  constructor(private readonly app: FastifyInstance, private readonly options: MailerOptions) {
    this.instance = options.instance ?? randomUUID();
  }

  get configured(): boolean {
    return this.options.transport !== undefined;
  }

  private get db(): Queryable & { transaction: FastifyInstance['db']['transaction'] } {
    return this.app.db.primary;
  }

  /** Runs a round at once (a job due while the server was stopped goes out as it starts), then every `pollMs` until stopped. */
  start(): void {
    if (!this.configured || this.stopped || this.started) return;
    this.started = true;
    const round = () => {
      this.running = this.runOnce()
        .then(() => undefined, (error: unknown) => this.app.log.error({ err: error }, 'subscriptions: round failed'))
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          this.timer = setTimeout(round, this.options.pollMs);
          this.timer.unref();
        });
    };
    round();
  }

  /** Stops polling; waits for the job in hand at most a few seconds (its lease covers the rest). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const running = this.running;
    if (!running) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([running, new Promise<void>((resolve) => (timer = setTimeout(resolve, stopWaitMs)))]);
    clearTimeout(timer);
  }

  /** One round: queue what is due, then send pending jobs until none is left (or a round's worth). Returns the jobs handled. */
  async runOnce(): Promise<number> {
    if (!this.configured) return 0;
    await this.enqueueDue();
    // A job that fails is tried again in a later round, not this one.
    const taken: number[] = [];
    while (!this.stopped && taken.length < perRound) {
      const job = await this.claim(taken);
      if (!job) break;
      taken.push(job.id);
      await this.send(job);
    }
    return taken.length;
  }

  /** Step 1: each due subscription becomes one job of its due instant, and its next instant is set, in one transaction. */
  async enqueueDue(): Promise<number> {
    const now = this.app.now();
    return this.db.transaction(async (tx) => {
      const due = await tx.query<{ id: number; frequency: Schedule['frequency']; weekdays: number[]; month_day: number | null; hour: number }>(
        `SELECT s.id, s.frequency, s.weekdays, s.month_day, s.hour
           FROM subscriptions s JOIN employees e ON e.id = s.employee_id
          WHERE NOT s.paused AND e.active AND s.next_send_at <= $1::timestamptz
          ORDER BY s.next_send_at, s.id LIMIT ${perRound}
          FOR UPDATE OF s SKIP LOCKED`,
        [iso(now)],
      );
      for (const row of due) {
        await tx.query(
          `INSERT INTO subscription_jobs (subscription_id, due_at) SELECT id, next_send_at FROM subscriptions WHERE id = $1
           ON CONFLICT (subscription_id, due_at) DO NOTHING`,
          [row.id],
        );
        const next = nextSendAt({ frequency: row.frequency, weekdays: row.weekdays, monthDay: row.month_day, hour: row.hour }, now, this.app.timeZone);
        await tx.query('UPDATE subscriptions SET next_send_at = $2::timestamptz WHERE id = $1', [row.id, iso(next)]);
      }
      return due.length;
    });
  }

  /** Step 2: a pending job whose lease is free or ran out, held by this instance for a lease. */
  async claim(except: readonly number[] = []): Promise<JobRow | undefined> {
    const now = this.app.now();
    const leaseMs = this.options.leaseMs ?? defaultLeaseMs;
    return this.db.transaction(async (tx) => {
      const [job] = await tx.query<JobRow>(
        `SELECT id, subscription_id, sent_to, attempts FROM subscription_jobs
          WHERE status = 'pending' AND due_at <= $1::timestamptz AND (locked_until IS NULL OR locked_until <= $1::timestamptz)
            AND NOT (id = ANY($2::bigint[]))
          ORDER BY due_at, id LIMIT 1
          FOR UPDATE SKIP LOCKED`,
        [iso(now), except],
      );
      if (!job) return undefined;
      await tx.query(
        `UPDATE subscription_jobs SET locked_by = $2, locked_until = $3::timestamptz, attempts = attempts + 1 WHERE id = $1`,
        [job.id, this.instance, iso(new Date(now.getTime() + leaseMs))],
      );
      return { ...job, attempts: job.attempts + 1 };
    });
  }

  private async finish(job: JobRow, status: 'sent' | 'skipped' | 'cancelled'): Promise<void> {
    const now = iso(this.app.now());
    await this.db.query(
      `UPDATE subscription_jobs SET status = $2, finished_at = $3::timestamptz, locked_until = NULL, error = NULL WHERE id = $1 AND locked_by = $4`,
      [job.id, status, now, this.instance],
    );
    if (status !== 'cancelled') {
      await this.db.query(
        `UPDATE subscriptions SET last_error = NULL, last_sent_at = CASE WHEN $2 THEN $3::timestamptz ELSE last_sent_at END WHERE id = $1`,
        [job.subscription_id, status === 'sent', now],
      );
    }
  }

  private async fail(job: JobRow, error: unknown): Promise<void> {
    const text = errorText(error);
    this.app.log.warn({ err: error, subscription: job.subscription_id, job: job.id, attempt: job.attempts }, `subscriptions: send failed: ${text}`);
    const maxAttempts = this.options.maxAttempts ?? defaultMaxAttempts;
    const retryAt = new Date(this.app.now().getTime() + (this.options.retryMs ?? defaultRetryMs) * job.attempts);
    const givenUp = job.attempts >= maxAttempts;
    await this.db.query(
      `UPDATE subscription_jobs SET error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END,
              locked_until = $4::timestamptz, finished_at = CASE WHEN $3 THEN $5::timestamptz END
        WHERE id = $1 AND locked_by = $6`,
      [job.id, text, givenUp, iso(retryAt), iso(this.app.now()), this.instance],
    );
    await this.db.query('UPDATE subscriptions SET last_error = $2 WHERE id = $1', [job.subscription_id, text]);
  }

  /** Builds and sends one job's mails, a recipient at a time, each recorded as it goes. */
  private async send(job: JobRow): Promise<void> {
    try {
      const [row] = await this.db.query<SubscriptionRow>(
        `SELECT s.id, s.report_id, s.path, s.blocks, s.state, s.presets, s.format, s.skip_empty, s.paused,
                e.active AS owner_active, e.name AS owner_name, e.last_name AS owner_last_name
           FROM subscriptions s JOIN employees e ON e.id = s.employee_id WHERE s.id = $1`,
        [job.subscription_id],
      );
      // Paused, or its creator deactivated, since it was queued: nothing is sent.
      if (!row || row.paused || !row.owner_active) return await this.finish(job, 'cancelled');
      const recipients = await this.db.query<{ id: number; email: string; name: string; last_name: string }>(
        `SELECT e.id, e.email, e.name, e.last_name FROM employees e
          WHERE e.active AND NOT (e.id = ANY($2::int[]))
            AND (e.id = (SELECT employee_id FROM subscriptions WHERE id = $1)
                 OR e.id IN (SELECT employee_id FROM subscription_recipients WHERE subscription_id = $1))
          ORDER BY e.id`,
        [job.subscription_id, job.sent_to],
      );
      const subscription: MailSubscription = {
        id: row.id,
        reportId: row.report_id,
        path: row.path,
        blocks: row.blocks,
        state: row.state,
        presets: row.presets,
        format: row.format,
        skipEmpty: row.skip_empty,
        owner: { name: row.owner_name, lastName: row.owner_last_name },
      };
      const context = await this.options.context();
      let sent = job.sent_to.length > 0;
      for (const employee of recipients) {
        if (this.stopped) return;
        const recipient: MailRecipient = { id: employee.id, email: employee.email, name: employee.name, lastName: employee.last_name };
        const mail = await buildMail(this.app, context, subscription, recipient);
        if (!mail) continue;
        await this.options.transport!.sendMail({
          from: this.options.from,
          to: recipient.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments,
        });
        sent = true;
        await this.db.query('UPDATE subscription_jobs SET sent_to = array_append(sent_to, $2) WHERE id = $1', [job.id, recipient.id]);
      }
      await this.finish(job, sent ? 'sent' : 'skipped');
    } catch (error) {
      await this.fail(job, error).catch((failure: unknown) => this.app.log.error({ err: failure }, 'subscriptions: could not record a failure'));
    }
  }
}
