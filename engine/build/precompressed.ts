import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files smaller than this are left as they are (as @fastify/compress leaves answers under its threshold). */
export const precompressedMinBytes = 1024;

/** Text files of the build, which compress; images and fonts are already compressed. */
const textFile = /\.(js|mjs|css|html|svg|json)$/;

/**
 * A build plugin that writes each text file of the build beside itself as `.br` (quality 11) and `.gz` (level 9),
 * once, for the server to send as they are (`preCompressed` of @fastify/static), instead of compressing them on every
 * request at the fast levels its all-rows streams use (br quality 1).
 */
export function precompressed(): Plugin {
  return {
    name: 'mirador-precompressed',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => textFile.test(file))
          .map(async (file) => {
            const path = join(dir, file);
            const content = await readFile(path);
            if (content.length < precompressedMinBytes) return;
            await writeFile(`${path}.br`, await br(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
            await writeFile(`${path}.gz`, await gz(content, { level: 9 }));
          }),
      );
    },
  };
}
