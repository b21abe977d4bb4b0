import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { precompressed, precompressedMinBytes } from './precompressed.ts';

// What the build leaves for the server to send as it is: each text file's .br and .gz beside it.
describe('precompressed build files', () => {
  it('writes .br and .gz of every text file over 1 kB that decode to it, and nothing for small or binary files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mirador-build-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'assets'));
    const files: Record<string, string | Buffer> = {
      'index.html': `<!doctype html><title>Mirador</title>${'<meta name="x" content="ñandú">'.repeat(60)}`,
      'assets/index-1.js': `console.log(${JSON.stringify('Reservas ñ '.repeat(500))});`,
      'assets/small-1.css': 'body{margin:0}',
      'assets/logo-1.png': Buffer.alloc(4096, 7),
    };
    for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
    const plugin = precompressed();
    const writeBundle = plugin.writeBundle as (options: { dir: string }, bundle: Record<string, unknown>) => Promise<void>;
    await writeBundle({ dir }, Object.fromEntries(Object.keys(files).map((file) => [file, {}])));

    for (const file of ['index.html', 'assets/index-1.js']) {
      const original = readFileSync(join(dir, file));
      expect(original.length).toBeGreaterThanOrEqual(precompressedMinBytes);
      const brotli = readFileSync(join(dir, `${file}.br`));
      const gzip = readFileSync(join(dir, `${file}.gz`));
      expect(brotliDecompressSync(brotli).equals(original), file).toBe(true);
      expect(gunzipSync(gzip).equals(original), file).toBe(true);
      expect(brotli.length, file).toBeLessThan(original.length / 4);
    }
    for (const file of ['assets/small-1.css', 'assets/logo-1.png']) {
      expect(existsSync(join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`)), file).toBe(false);
    }
  });
});
