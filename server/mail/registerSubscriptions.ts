import type { FastifyInstance } from 'fastify';
import { defaultMailFrom, defaultSubscriptionMaxRows, defaultSubscriptionPollSeconds } from '../config.ts';
import { defaultExportLimits, type ExportLimits } from '../export/exportBudget.ts';
import { serverReports } from '../export/reportDefinitions.ts';
import { subscriptionRoutes } from '../routes/subscriptions.ts';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { SubscriptionMailer } from './mailer.ts';
import { smtpTransport, type MailTransport } from './transport.ts';

/** E-mail subscriptions as the app is built with them (AppOptions.mail). */
export interface MailOptions {
  /** SMTP_URL; unset (and no `transport`): sending is not configured. */
  smtpUrl?: string | undefined;
  /** A transport of one's own instead of SMTP_URL's (tests). */
  transport?: MailTransport | undefined;
  from?: string;
  /** The web app's address for the links back (PUBLIC_URL). */
  publicUrl?: string;
  maxRows?: number;
  pollSeconds?: number;
  leaseMs?: number;
  retryMs?: number;
  maxAttempts?: number;
  instance?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The subscriptions' sender: `start()` once the server listens (server/main.ts), stopped when the app closes. */
    subscriptions: SubscriptionMailer;
  }
}

/** The subscriptions' routes and their sender; the sender stops when the app closes (its job's lease covers the rest). */
export async function registerSubscriptions(
  app: FastifyInstance,
  options: { mail?: MailOptions | undefined; secret: Uint8Array; reports?: readonly ReportDefinition[] | undefined; exportLimits?: Partial<ExportLimits> | undefined },
): Promise<void> {
  const mail = options.mail ?? {};
  const reports = async () => options.reports ?? (await serverReports());
  const transport = mail.transport ?? (mail.smtpUrl ? smtpTransport(mail.smtpUrl) : undefined);
  const mailer = new SubscriptionMailer(app, {
    transport,
    from: mail.from ?? defaultMailFrom,
    pollMs: (mail.pollSeconds ?? defaultSubscriptionPollSeconds) * 1000,
    ...(mail.leaseMs !== undefined && { leaseMs: mail.leaseMs }),
    ...(mail.retryMs !== undefined && { retryMs: mail.retryMs }),
    ...(mail.maxAttempts !== undefined && { maxAttempts: mail.maxAttempts }),
    ...(mail.instance !== undefined && { instance: mail.instance }),
    context: async () => ({
      reports: await reports(),
      secret: options.secret,
      publicUrl: mail.publicUrl ?? 'http://localhost:8080',
      maxRows: mail.maxRows ?? defaultSubscriptionMaxRows,
      exportLimits: { ...defaultExportLimits, ...options.exportLimits },
    }),
  });
  app.decorate('subscriptions', mailer);
  app.addHook('onClose', async () => {
    await mailer.stop();
    if (!mail.transport) transport?.close();
  });
  await app.register(subscriptionRoutes, { reports });
}
