/**
 * A JSON answer read as it arrives: the rows of its top-level array `key` are parsed chunk by chunk, so a screen can
 * show the first rows of an every-row answer (the server streams it) long before the last ones come.
 */

const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;

/** How many times the rows shown must grow before the next partial answer: each one costs the table a pass over all. */
const growth = 3;
/** Characters read before the next partial answer may be given. */
const sliceChars = 256 * 1024;

/** One answer read so far: partial (`{ [key]: rows so far }`, a new array each time, no other key) or whole. */
export interface ArrivingAnswer {
  answer: unknown;
  whole: boolean;
}

/**
 * The answers of `chunks` (the UTF-8 JSON text of one value): partial ones as the rows of its top-level `key` array
 * arrive, then the whole parsed answer. An answer without such an array yields only the whole answer. Throws what
 * JSON.parse throws on invalid text.
 */
export async function* arrivingAnswers(chunks: AsyncIterable<Uint8Array>, key: string): AsyncGenerator<ArrivingAnswer> {
  const decoder = new TextDecoder();
  const rows: unknown[] = [];
  let shown = 0;
  // Text before the rows array (or all of it when there is none), the rows not parsed yet, text after the array.
  let head = '';
  let pending = '';
  let tail = '';
  let phase: 'head' | 'rows' | 'tail' = 'head';
  // Scanner state, carried from one chunk to the next.
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  let lastKey = '';
  let lastKeyEnd = -1;

  /** Reads `text` (appended to the phase's buffer); parses the complete rows it closes. */
  const scan = (text: string) => {
    if (phase === 'tail') {
      tail += text;
      return;
    }
    let buffer = phase === 'head' ? head + text : pending + text;
    let i = buffer.length - text.length;
    let rowsEnd = -1; // index of the last ',' or ']' closing a row, in `rows` phase
    for (; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === backslash) escaped = true;
        else if (c === quote) {
          inString = false;
          if (phase === 'head' && depth === 1) {
            lastKey = buffer.slice(stringStart, i + 1);
            lastKeyEnd = i + 1;
          }
        }
        continue;
      }
      if (c === quote) {
        inString = true;
        stringStart = i;
      } else if (c === openBrace || c === openBracket) {
        if (phase === 'head' && depth === 1 && c === openBracket && lastKey === JSON.stringify(key) && buffer.slice(lastKeyEnd, i).trim() === ':') {
          head = buffer.slice(0, i);
          buffer = buffer.slice(i + 1);
          i = -1;
          phase = 'rows';
        }
        depth++;
      } else if (c === closeBrace || c === closeBracket) {
        depth--;
        if (phase === 'rows' && depth === 1) {
          flushRows(buffer, i);
          tail = buffer.slice(i + 1);
          phase = 'tail';
          return;
        }
      } else if (c === comma && phase === 'rows' && depth === 2) {
        rowsEnd = i;
      }
    }
    if (phase === 'head') head = buffer;
    else {
      if (rowsEnd >= 0) {
        flushRows(buffer, rowsEnd);
        buffer = buffer.slice(rowsEnd + 1);
      }
      pending = buffer;
    }
  };

  /** Parses the rows in `buffer` before `end` (a separator) in one JSON.parse. */
  const flushRows = (buffer: string, end: number) => {
    const text = buffer.slice(0, end).trim();
    if (text === '') return;
    for (const row of JSON.parse(`[${text}]`) as unknown[]) rows.push(row);
  };

  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    // A body read late comes in megabytes: the first rows are shown before the rest of it is read.
    for (let at = 0; at < text.length; at += sliceChars) {
      scan(text.slice(at, at + sliceChars));
      if (phase !== 'head' && rows.length > 0 && rows.length >= shown * growth) {
        shown = rows.length;
        yield { answer: { [key]: rows.slice() }, whole: false };
      }
    }
  }
  scan(decoder.decode());
  if (phase === 'head') {
    yield { answer: JSON.parse(head) as unknown, whole: true };
    return;
  }
  if (phase === 'rows') throw new SyntaxError('Unterminated JSON array');
  const answer = JSON.parse(`${head}[]${tail}`) as Record<string, unknown>;
  answer[key] = rows;
  yield { answer, whole: true };
}

/**
 * The chunks of a fetch body; a reader that stops early cancels the rest. A body read to its end is only released:
 * cancelling it then can still reach Chromium's loader before it has recorded the load as complete, and the request
 * that delivered every byte ends as aborted (net::ERR_ABORTED).
 */
export async function* bodyChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      yield value;
    }
  } finally {
    if (ended) reader.releaseLock();
    else await reader.cancel().catch(() => undefined);
  }
}
