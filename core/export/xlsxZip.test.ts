import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readWorkbook, workbookFacts } from './sheetFacts.ts';
import { testRequest } from './testRequest.ts';
import { buildXlsx } from './xlsxFile.ts';
import { serveZipOn, zipHere, zipInWorker, zipPiecesAhead } from './xlsxZip.ts';

const opened: MessagePort[] = [];

/**
 * The two workers' ends of a MessageChannel: the messages are cloned and their bytes transferred, and each arrives on
 * a later turn of the event loop, as between two workers; `serveZipOn` is what zipWorker.ts runs on its end.
 */
function zipPort(): MessagePort & { closed: boolean } {
  const { port1, port2 } = new MessageChannel();
  opened.push(port1, port2);
  serveZipOn(port2);
  const port = Object.assign(port1, { closed: false });
  const close = port1.close.bind(port1);
  port.close = () => {
    port.closed = true;
    close();
  };
  return port;
}

afterEach(() => {
  vi.useRealTimers();
  for (const port of opened.splice(0)) port.close();
});

const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ ref: `B-${i + 1}`, total: 10 * (i + 1), dateStart: '2026-11-03', status: 'confirmed' }));
const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('the zip deflated in a worker of its own', () => {
  it('holds the same files, byte for byte once unzipped, as the zip deflated on the same thread', async () => {
    const request = testRequest({ rows: rows(2_500) });
    // The package's properties say when it was written: both at the same instant.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const here = unzipSync(await buildXlsx(request));
    const port = zipPort();
    const beside = unzipSync(await buildXlsx(request, undefined, zipInWorker(port)));
    expect(Object.keys(beside)).toEqual(Object.keys(here));
    for (const name of Object.keys(here)) expect(beside[name], name).toEqual(here[name]);
    expect(workbookFacts(await readWorkbook(await buildXlsx(request, undefined, zipInWorker(zipPort()))))).toEqual(
      workbookFacts(await readWorkbook(await buildXlsx(request))),
    );
    // Its channel is closed once the file is in.
    expect(port.closed).toBe(true);
  });

  it(`makes the writer wait once ${zipPiecesAhead} pieces are not yet deflated, and goes on when the worker has taken them`, async () => {
    const zip = zipInWorker(zipPort());
    zip.file('a.txt');
    const answers = Array.from({ length: zipPiecesAhead }, (_, i) => zip.push(bytesOf(`piece ${i};`), false));
    expect(answers.slice(0, -1)).toEqual(Array(zipPiecesAhead - 1).fill(undefined));
    expect(answers.at(-1)).toBeInstanceOf(Promise);
    await answers.at(-1);
    expect(zip.push(bytesOf('end'), true)).toBeUndefined();
    const file = unzipSync(await zip.end());
    expect(new TextDecoder().decode(file['a.txt'])).toBe(Array.from({ length: zipPiecesAhead }, (_, i) => `piece ${i};`).join('') + 'end');
  });

  it('rejects with the worker\'s reason when its zip fails, and closes the channel', async () => {
    const port = zipPort();
    const zip = zipInWorker(port);
    // Bytes with no file started: the worker's zip throws.
    zip.push(bytesOf('lost'), false);
    await expect(zip.end()).rejects.toThrow(/reading 'push'/);
    expect(port.closed).toBe(true);
    expect(() => zip.push(bytesOf('more'), false)).toThrow(Error);
  });
});

describe('the zip deflated on the same thread', () => {
  it('answers every push at once', async () => {
    const zip = zipHere();
    zip.file('a.txt');
    for (let i = 0; i < zipPiecesAhead * 2; i += 1) expect(zip.push(bytesOf('x'), false)).toBeUndefined();
    zip.push(bytesOf('y'), true);
    expect(new TextDecoder().decode(unzipSync(await zip.end())['a.txt'])).toBe('x'.repeat(zipPiecesAhead * 2) + 'y');
  });
});
