import nodemailer from 'nodemailer';
import { messages } from '../messages.ts';

/** What the mailer needs of an SMTP transport (nodemailer's). */
export interface MailTransport {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
  }): Promise<unknown>;
  close(): void;
}

/** Every wait on the SMTP server is bounded: connecting, its greeting, and any silence of the socket. */
export const smtpTimeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 } as const;

/** A nodemailer SMTP transport for SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS from the start). */
export function smtpTransport(url: string): MailTransport {
  return nodemailer.createTransport({ url, ...smtpTimeouts } as Parameters<typeof nodemailer.createTransport>[0]) as unknown as MailTransport;
}

/** An SMTP failure as the subscription's lastError states it: Spanish, the server's code, never a stack. */
export function smtpErrorText(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const reason =
    code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET' || code === 'EDNS'
      ? 'no se pudo conectar con el servidor de correo'
      : code === 'EAUTH'
        ? 'el servidor de correo rechazó el usuario o la clave'
        : code === 'EENVELOPE'
          ? 'el servidor de correo rechazó el remitente o el destinatario'
          : code === 'EMESSAGE'
            ? 'el servidor de correo rechazó el mensaje'
            : 'el servidor de correo respondió con un error';
  return messages.subscriptions.smtpFailed(typeof responseCode === 'number' ? `${reason} (código ${responseCode}).` : `${reason}.`);
}
