import { spawn, type ChildProcess } from 'node:child_process';

// API with reload on change, and Vite's dev server (hot reload) proxying /api to it.
const apiPort = process.env.API_PORT ?? '8080';
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', 'scripts/devApi.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort } }),
  spawn('npx', ['vite', '--port', process.env.WEB_PORT ?? '5173'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
