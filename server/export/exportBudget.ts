import { Transform } from 'node:stream';
import { messages } from '../messages.ts';

/** How much one server-built file may take: wall time from its first row, and bytes of the file. */
export interface ExportLimits {
  /** Seconds a file is written for (EXPORT_MAX_SECONDS); past them it ends with the rows it has and a note. */
  seconds: number;
  /** Bytes a file may hold (EXPORT_MAX_MB); past them it ends likewise. */
  bytes: number;
}

export const defaultExportLimits: ExportLimits = { seconds: 300, bytes: 500 * 1024 * 1024 };

/** Milliseconds of rows written before the writer lets other requests run (health checks, other files). */
const sliceMs = 20;

/** A size as the note states it: whole megabytes, or kilobytes below one. */
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} kB`);

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One file's budget. Its rows are handed over in slices of at most `sliceMs` of work (each row's cells are the
 * definition's expressions), then the event loop turns; once the time or the size is spent no further row is handed
 * over (leaving the rows closes their cursor) and `note` says why the file ends there.
 */
export class ExportBudget {
  private readonly started = performance.now();
  private bytes = 0;
  private reason: 'time' | 'size' | undefined;
  private handed = 0;
  /** The size the file ended at when its writer could hold no more (full), rather than the budget's. */
  private fullAt: number | undefined;

  constructor(private readonly limits: ExportLimits) {}

  /** The answer's stream: what goes through it counts against the size. */
  counted(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.bytes += chunk.length;
        done(null, chunk);
      },
    });
  }

  private spent(): boolean {
    if (this.bytes >= this.limits.bytes) this.reason = 'size';
    else if (performance.now() - this.started >= this.limits.seconds * 1000) this.reason = 'time';
    return this.reason !== undefined;
  }

  private slice = performance.now();

  /** A turn of the event loop once this slice of work is spent (undefined before): awaited after each row. */
  pace(): Promise<void> | undefined {
    if (performance.now() - this.slice < sliceMs) return undefined;
    return nextTurn().then(() => {
      this.slice = performance.now();
    });
  }

  /** The rows while the budget lasts, with a turn of the event loop after each slice of work on them. */
  async *rows<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
    for await (const row of source) {
      if (this.spent()) return;
      this.handed += 1;
      yield row;
      await this.pace();
    }
  }

  /**
   * The writer's file holds no more past `bytes` (a zip's 32-bit sizes): it ends with its first `rows` rows, as when
   * its size is spent; no further row is handed over and `note` says so.
   */
  full(bytes: number, rows: number): void {
    this.reason = 'size';
    this.fullAt = bytes;
    this.handed = rows;
  }

  /** Why the file ends before its rows do, in Spanish; undefined when it holds them all. */
  note(): string | undefined {
    if (this.reason === 'time') return messages.exportCutTime(this.limits.seconds, this.handed);
    if (this.reason === 'size') return messages.exportCutSize(sizeText(this.fullAt ?? this.limits.bytes), this.handed);
    return undefined;
  }
}

/** A budget that never ends a file by itself: the note of a writer's own end when it is given no budget. */
export const unlimitedBudget = () => new ExportBudget({ seconds: Number.POSITIVE_INFINITY, bytes: Number.POSITIVE_INFINITY });

/** What a writer asks of its budget: a turn after each row's work, the end of a file it can hold no more of, and the note of a file that ends early. */
export type WriterBudget = Pick<ExportBudget, 'pace' | 'note' | 'full'>;
