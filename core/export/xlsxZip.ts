import { Zip, ZipDeflate } from 'fflate';

/**
 * Deflate level of both writers' zips: 1 is the fastest, and its file only a little larger than 6's (measured on
 * 1,048,575 rows of Reservas: see the README's "Excel and CSV files").
 */
export const xlsxDeflateLevel = 1;

/** The zip of the browser's .xlsx writer: the package's files one after the other, each deflated as its bytes come. */
export interface XlsxZip {
  /** Starts the package's next file: the bytes pushed next are its content. */
  file(name: string): void;
  /**
   * The current file's next bytes (handed over: not to be used again); `last` ends the file. A promise when the zip
   * is behind: the writer waits for it before it pushes more, so the bytes waiting stay few.
   */
  push(bytes: Uint8Array<ArrayBuffer>, last: boolean): Promise<void> | undefined;
  /** The zip's bytes, once every file has ended. */
  end(): Promise<Uint8Array<ArrayBuffer>>;
  /** Stops it and frees what it holds (after a failure). */
  abort(): void;
}

/** A zip deflated on this thread by fflate, each push's bytes compressed before it returns. */
export function zipHere(): XlsxZip {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  // Zip and ZipDeflate work synchronously: each push's bytes have reached `chunks` when it returns.
  const zip = new Zip((error, chunk) => {
    if (error) failure ??= error;
    else chunks.push(chunk);
  });
  let current: ZipDeflate | undefined;
  return {
    file(name) {
      current = new ZipDeflate(name, { level: xlsxDeflateLevel });
      zip.add(current);
    },
    push(bytes, last) {
      current!.push(bytes, last);
      return undefined;
    },
    async end() {
      zip.end();
      if (failure) throw failure;
      return joined(chunks);
    },
    abort() {
      zip.terminate();
      chunks.length = 0;
    },
  };
}

/** One array of the chunks' bytes, in order. */
function joined(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** What the zip's worker (zipWorker.ts) is asked. */
export type ZipWorkerCall = { kind: 'file'; name: string } | { kind: 'push'; bytes: Uint8Array<ArrayBuffer>; last: boolean } | { kind: 'end' };

/** What the zip's worker answers: a push was deflated, the zip's bytes, or why it failed. */
export type ZipWorkerAnswer = { kind: 'taken' } | { kind: 'done'; bytes: Uint8Array<ArrayBuffer> } | { kind: 'failed'; message: string };

/**
 * The zip's worker's side (zipWorker.ts): answers each call of `zipInWorker` that comes over `port` with `zipHere`'s
 * zip. After a failure or the end it answers nothing more.
 */
export function serveZipOn(port: MessagePort): void {
  let zip: XlsxZip | undefined = zipHere();
  const answer = (message: ZipWorkerAnswer, transfer: Transferable[] = []) => port.postMessage(message, transfer);
  const fail = (error: unknown) => {
    zip = undefined;
    answer({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  };
  port.onmessage = (event: MessageEvent<ZipWorkerCall>) => {
    const call = event.data;
    if (!zip) return;
    try {
      if (call.kind === 'file') zip.file(call.name);
      else if (call.kind === 'push') {
        zip.push(call.bytes, call.last);
        answer({ kind: 'taken' });
      } else {
        const done = zip;
        zip = undefined;
        done.end().then((bytes) => answer({ kind: 'done', bytes }, [bytes.buffer]), fail);
      }
    } catch (error) {
      fail(error);
    }
  };
}

/**
 * Pieces handed to the zip's worker and not yet deflated, past which the writer waits: about 0.3 MB of XML each
 * (100 rows of Seguimiento), so a few MB at most wait whatever the rows, and the worker always has the next one.
 */
export const zipPiecesAhead = 8;

/**
 * A zip deflated by a worker of its own (zipWorker.ts, reached over `port`), with the same bytes as `zipHere`'s: the
 * writer, in the export's worker, makes the next rows' XML while the previous ones are deflated on another core.
 * Seguimiento's Excel from the screen takes 0.63–0.70× the time it took with both on one thread (README, "The
 * browser's files are the server's writer's too").
 */
export function zipInWorker(port: MessagePort): XlsxZip {
  let waiting = 0;
  let room: (() => void) | undefined;
  let failure: Error | undefined;
  let finish: { resolve(bytes: Uint8Array<ArrayBuffer>): void; reject(error: Error): void } | undefined;
  const fail = (error: Error) => {
    port.close();
    failure ??= error;
    finish?.reject(failure);
    room?.();
  };
  port.onmessage = (event: MessageEvent<ZipWorkerAnswer>) => {
    const answer = event.data;
    if (answer.kind === 'taken') {
      waiting -= 1;
      if (waiting <= zipPiecesAhead / 2) room?.();
    } else if (answer.kind === 'done') {
      port.close();
      finish?.resolve(answer.bytes);
    } else fail(new Error(answer.message));
  };
  const call = (message: ZipWorkerCall, transfer: Transferable[] = []) => port.postMessage(message, transfer);
  return {
    file: (name) => call({ kind: 'file', name }),
    push(bytes, last) {
      if (failure) throw failure;
      waiting += 1;
      call({ kind: 'push', bytes, last }, [bytes.buffer]);
      if (waiting < zipPiecesAhead) return undefined;
      return new Promise<void>((resolve) => {
        room = () => {
          room = undefined;
          resolve();
        };
      }).then(() => {
        if (failure) throw failure;
      });
    },
    end() {
      return new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
        finish = { resolve, reject };
        if (failure) reject(failure);
        else call({ kind: 'end' });
      });
    },
    abort: () => port.close(),
  };
}
