// A real SMTP server in the test process (smtp-server, of the nodemailer project) that parses what it receives
// (mailparser). For tests only.
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  /** Every mail received, parsed, in order. */
  received: ParsedMail[];
  /** While set, every recipient is refused with 550 and this text. */
  refuse: string | undefined;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = { url: '', received: [], refuse: undefined, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse === undefined) return callback();
      return callback(Object.assign(new Error(state.refuse), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          state.received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/**
 * On PostgreSQL the test files share one database and run at once: the files that send subscriptions take turns
 * (a session advisory lock held for the whole file), else one file's rounds would send, pause or count the other's.
 * On PGlite each file has its own database: nothing to wait for. Returns the release.
 */
export async function subscriptionsTurn(): Promise<() => Promise<void>> {
  if (process.env.TEST_ENGINE !== 'postgres') return async () => undefined;
  const [{ default: pg }, { inject }] = await Promise.all([import('pg'), import('vitest')]);
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  await client.query("SELECT pg_advisory_lock(hashtext('mirador.tests.subscriptions'))");
  return async () => {
    await client.query("SELECT pg_advisory_unlock(hashtext('mirador.tests.subscriptions'))").catch(() => undefined);
    await client.end();
  };
}
