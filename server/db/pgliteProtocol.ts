/** The messages between openPglite.ts and the worker thread that owns PGlite (pgliteWorker.mjs). */

export interface WorkerStart {
  dataDir: string;
  /** A tarball made by dumpDataDir, as bytes (transferred). */
  loadDataDir?: ArrayBuffer | undefined;
  /** PostgreSQL's shared_buffers in MB (openPglite's sharedBuffersMb). */
  sharedBuffersMb: number;
}

/** `tx` names an open transaction: the statement runs inside it instead of waiting for it to end. */
export type WorkerRequest =
  | { id: number; kind: 'query'; sql: string; params: readonly unknown[]; tx?: number | undefined }
  | { id: number; kind: 'exec'; sql: string; tx?: number | undefined }
  | { id: number; kind: 'begin'; tx: number }
  | { id: number; kind: 'end'; tx: number; commit: boolean }
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'close' };

/** An error's name, message, stack and every plain field (PostgreSQL's code, detail, constraint…). */
export type SerializedError = Record<string, string | number | boolean | null>;

/** Id 0 answers the start: PGlite opened, or why not. */
export type WorkerReply =
  | { id: number; ok: true; value?: unknown }
  | { id: number; ok: false; error: SerializedError };
