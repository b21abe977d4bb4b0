import net from 'node:net';

/** One answer as it came: its status and its body's bytes as sent (chunked framing taken off, nothing decoded). */
export interface LeanAnswer {
  status: number;
  bytes: number;
  /** The body's first bytes, kept only for an answer that is not 200 (to say why). */
  start: string;
}

const headEnd = Buffer.from('\r\n\r\n');
const lineEnd = Buffer.from('\r\n');
const keptForErrors = 200;

type State =
  | { kind: 'head' }
  | { kind: 'length'; left: number }
  | { kind: 'chunkSize' }
  | { kind: 'chunkData'; left: number }
  | { kind: 'chunkEnd' }
  | { kind: 'trailer' }
  | { kind: 'untilClose' };

/**
 * A keep-alive HTTP/1.1 connection that sends one GET at a time and reads each answer to its last byte: what a
 * browser's network stack does in native code. node:http's client spends 0.05–0.15 ms of JavaScript a call over it
 * (its request and answer objects and streams; measured against wrk, a C client, on the same routes), which the
 * bench's timed calls counted as the API's. Reads answers framed by Content-Length, by chunks, or by the
 * connection's end; opens a new connection when the server closed the last one.
 */
export class LeanHttpConnection {
  readonly #host: string;
  readonly #port: number;
  #socket: net.Socket | undefined;

  constructor(base: string) {
    const url = new URL(base);
    if (url.protocol !== 'http:') throw new Error(`LeanHttpConnection speaks plain HTTP, not ${url.protocol}`);
    this.#host = url.hostname;
    this.#port = Number(url.port || 80);
  }

  async #connected(): Promise<net.Socket> {
    if (this.#socket && !this.#socket.destroyed && this.#socket.writable) return this.#socket;
    const socket = net.connect({ host: this.#host, port: this.#port, noDelay: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve();
      });
    });
    // A reset while no answer is awaited must not end the process: the next call finds the socket closed and reconnects.
    socket.on('error', () => undefined);
    this.#socket = socket;
    return socket;
  }

  /** GETs `path` with `headers` and reads the whole answer. */
  async get(path: string, headers: Record<string, string> = {}): Promise<LeanAnswer> {
    const socket = await this.#connected();
    const lines = [`GET ${path} HTTP/1.1`, `host: ${this.#host}:${this.#port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    return new Promise<LeanAnswer>((resolve, reject) => {
      let state: State = { kind: 'head' };
      let pending: Buffer = Buffer.alloc(0);
      let status = 0;
      let closeAfter = false;
      let bytes = 0;
      const kept: Buffer[] = [];
      const body = (piece: Buffer) => {
        bytes += piece.length;
        if (status !== 200 && bytes - piece.length < keptForErrors) kept.push(piece);
      };
      const detach = () => {
        socket.off('data', onData);
        socket.off('end', onEnd);
        socket.off('error', onError);
      };
      const finish = () => {
        detach();
        if (closeAfter) socket.destroy();
        resolve({ status, bytes, start: Buffer.concat(kept).toString('utf8', 0, keptForErrors) });
      };
      const fail = (error: Error) => {
        detach();
        socket.destroy();
        reject(error);
      };
      /** Takes what `pending` holds for the current state; false when it needs more bytes. */
      const step = (): boolean => {
        switch (state.kind) {
          case 'head': {
            const end = pending.indexOf(headEnd);
            if (end < 0) return false;
            const [statusLine, ...fields] = pending.toString('latin1', 0, end).split('\r\n');
            pending = pending.subarray(end + headEnd.length);
            status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1]);
            if (!status) throw new Error(`Not an HTTP answer: ${statusLine}`);
            const field = (name: string) => {
              const line = fields.find((f) => f.slice(0, f.indexOf(':')).trim().toLowerCase() === name);
              return line?.slice(line.indexOf(':') + 1).trim().toLowerCase();
            };
            closeAfter = field('connection') === 'close';
            const length = field('content-length');
            if (status === 204 || status === 304) state = { kind: 'length', left: 0 };
            else if (field('transfer-encoding')?.endsWith('chunked')) state = { kind: 'chunkSize' };
            else if (length !== undefined) state = { kind: 'length', left: Number(length) };
            else state = { kind: 'untilClose' };
            return true;
          }
          case 'length':
          case 'chunkData': {
            const taken = pending.subarray(0, state.left);
            if (taken.length > 0) body(taken);
            pending = pending.subarray(taken.length);
            const left = state.left - taken.length;
            if (left > 0) {
              state = { ...state, left };
              return false;
            }
            if (state.kind === 'length') {
              finish();
              return false;
            }
            state = { kind: 'chunkEnd' };
            return true;
          }
          case 'chunkEnd':
            if (pending.length < lineEnd.length) return false;
            pending = pending.subarray(lineEnd.length);
            state = { kind: 'chunkSize' };
            return true;
          case 'chunkSize': {
            const end = pending.indexOf(lineEnd);
            if (end < 0) return false;
            const size = parseInt(pending.toString('latin1', 0, end).split(';')[0]!, 16);
            if (Number.isNaN(size)) throw new Error('A chunk size that is not a number');
            pending = pending.subarray(end + lineEnd.length);
            state = size === 0 ? { kind: 'trailer' } : { kind: 'chunkData', left: size };
            return true;
          }
          case 'trailer': {
            const end = pending.indexOf(lineEnd);
            if (end < 0) return false;
            pending = pending.subarray(end + lineEnd.length);
            if (end === 0) {
              finish();
              return false;
            }
            return true;
          }
          case 'untilClose':
            if (pending.length > 0) body(pending);
            pending = Buffer.alloc(0);
            return false;
        }
      };
      const onData = (chunk: Buffer) => {
        pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
        try {
          while (step());
        } catch (error) {
          fail(error as Error);
        }
      };
      const onEnd = () => {
        if (state.kind === 'untilClose') {
          closeAfter = true;
          finish();
        } else fail(new Error(`The connection ended before the answer to ${path} did`));
      };
      const onError = (error: Error) => fail(error);
      socket.on('data', onData);
      socket.once('end', onEnd);
      socket.once('error', onError);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
  }

  close(): void {
    this.#socket?.destroy();
    this.#socket = undefined;
  }
}
