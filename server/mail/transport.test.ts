import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpErrorText, smtpTransport } from './transport.ts';

// An SMTP server that accepts the connection and never greets: the send ends at the greeting's bound, in Spanish.
const sockets: Socket[] = [];
const silent = createServer((socket) => void sockets.push(socket));
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  url = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe('the SMTP transport', () => {
  it('gives up on a server that never greets within its bound, with a Spanish reason and no stack', async () => {
    // Without the bound the send would wait for good (the test's own timeout, 60 s, is four times the bound).
    const transport = smtpTransport(url);
    const error = await transport
      .sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 's', text: 't', html: '<p>t</p>', attachments: [] })
      .then(() => undefined, (failure: unknown) => failure);
    transport.close();
    expect(error).toBeInstanceOf(Error);
    expect((error as { code?: unknown }).code).toBe('ETIMEDOUT');
    expect(smtpErrorText(error)).toBe('El servidor de correo no aceptó el envío: no se pudo conectar con el servidor de correo.');
  });
});
