import type { ChildProcess } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  /** The address the server printed as ready, on 127.0.0.1. */
  base: string;
  /** Everything it wrote so far, stdout and stderr. */
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

/** Waits until the spawned server (its stdout and stderr piped) prints "Mirador listo en …"; rejects if it exits first. */
export async function readyServer(child: ChildProcess, timeoutMs: number): Promise<ServerProcess> {
  let output = '';
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not become ready:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Mirador listo en (http:\/\/\S+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code }) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return { child, base, output: () => output, exited };
}
