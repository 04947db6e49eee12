import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Running {
  url: string;
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Spawns a Node process and waits for its "listening on <url>" line. */
function startNode(args: string[], env: NodeJS.ProcessEnv, cleanup: () => void = () => {}): Promise<Running> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[\w.:[\]]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        // Keep draining the logs so a full pipe never blocks the server.
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve({
          url: m[1],
          env,
          child,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => {
                cleanup();
                done();
              });
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${out}`)));
  });
}

/**
 * The production server as `npm start` runs it (packages/server/dist/main.js, plain Node) on a
 * fresh data folder with the demo data, logging at its default level.
 */
export function startDoseDot(extraEnv: Record<string, string> = {}): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dosedot-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...extraEnv,
  };
  delete env.NODE_OPTIONS;
  // BENCH_SERVER_MAIN: another build of the server (an A/B of two commits).
  const main = process.env.BENCH_SERVER_MAIN ?? path.join(ROOT, 'packages/server/dist/main.js');
  // BENCH_SERVER_NODE_ARGS: Node flags for the server (an A/B of a V8 setting, e.g. the young
  // generation's size), split at spaces.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return startNode([...nodeArgs, main], env, () => rmSync(dataDir, { recursive: true, force: true }));
}

/** The bare Fastify ceiling answering each path with the given bytes. */
export function startBare(
  routes: {
    path: string;
    method?: string;
    contentType: string;
    body: string;
    headers: Record<string, string>;
  }[],
): Promise<Running> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dosedot-bare-'));
  const file = path.join(dir, 'routes.json');
  writeFileSync(file, JSON.stringify(routes));
  return startNode([path.join(ROOT, 'bench/lib/bare-server.mjs'), file], { ...process.env }, () =>
    rmSync(dir, { recursive: true, force: true }),
  );
}
