/**
 * The server process of the measuring scripts (measureStream.ts, measurePosExport.ts): the app of the checkout this
 * file is in, on a database the script opened, started in a child process of its own so that its RSS is the server's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import type { Db } from '../server/db/Db.ts';
import { demoEmployee } from '../server/demo/demoAccounts.ts';
import { signToken } from '../server/http/auth.ts';

/** Where the child listens and a token of the demo employee. */
export interface MeasuredServer {
  port: number;
  token: string;
}

/** In the child: the app on `db`, listening on a free port of 127.0.0.1. */
export async function serveMeasured(db: Db): Promise<MeasuredServer> {
  const secret = new TextEncoder().encode('measure-secret-measure-secret-measure!');
  const app = await buildApp({ db, jwtSecret: secret, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
  const token = await signToken({ secret, ttlSeconds: 3600 }, { employeeId: employee!.id, email: demoEmployee.email });
  return { port: (app.server.address() as AddressInfo).port, token };
}

/** In the child, once ready: the line startMeasured waits for. */
export const announceMeasured = (server: MeasuredServer) => process.stdout.write(`${JSON.stringify(server)}\n`);

/** Starts `script` of the checkout `root` as the child (`args` its own), and waits until it has announced itself. */
export async function startMeasured(root: string, script: string, args: string[], nodeFlags: string[] = []): Promise<{ child: ChildProcess; server: MeasuredServer }> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', join(root, script), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const server = await new Promise<MeasuredServer>((done, fail) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) done(JSON.parse(line) as MeasuredServer);
    });
    child.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
  return { child, server };
}
