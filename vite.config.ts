import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressed } from './engine/build/precompressed.ts';

const apiPort = Number(process.env.API_PORT ?? 8080);

export default defineConfig({
  root: 'engine/app',
  publicDir: false,
  plugins: [react(), precompressed()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Source maps would hand out the whole source; the server refuses *.map in any case.
    sourcemap: false,
  },
  server: {
    proxy: Object.fromEntries(['/api', '/config.json', '/images'].map((path) => [path, `http://127.0.0.1:${apiPort}`])),
  },
});
