// The part of archiver 5's API (exceljs's own zip writer, installed with it) that the streaming xlsx writer uses.
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  interface Archiver extends Transform {
    append(source: Readable | Buffer | string, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
    abort(): this;
  }

  function archiver(format: 'zip', options?: { zlib?: { level?: number }; forceZip64?: boolean }): Archiver;
  export default archiver;
}
