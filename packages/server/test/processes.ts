import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const serverMain = path.resolve(import.meta.dirname, '../src/main.ts');

/** How a server process ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A real server process (`node --import tsx packages/server/src/main.ts`) and its data folder. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Its DATA_DIR (removed by `remove` unless the caller passed its own). */
  dir: string;
  /** Settles when the process has exited. */
  exited: Promise<Exit>;
  /** Everything it wrote on stdout and stderr so far. */
  output: () => string;
  /** Sends the signal (SIGTERM by default) and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<Exit>;
  /** Stops it if it runs, and removes the data folder it made. */
  remove: () => Promise<void>;
}

/**
 * Starts one server process as main.ts runs in production (a free port on 127.0.0.1, no demo data)
 * with the given environment, and resolves when it logs its "listening on" line. `dataDir` restarts
 * a server on the data folder of an earlier one (its SQLite file and generated secrets).
 */
export function startServer(
  env: Record<string, string>,
  opts: { dataDir?: string } = {},
): Promise<ServerProcess> {
  const own = opts.dataDir === undefined;
  const dir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'dosedot-copy-'));
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SEED_DEMO: 'false',
      // A loaded test machine lags now and then: no 503 for pressure in these tests.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (running()) child.kill(signal);
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, 90_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/[\d.:]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          child,
          dir,
          exited,
          output: () => out,
          stop,
          remove: async () => {
            await stop();
            if (own) rmSync(dir, { recursive: true, force: true });
          },
        });
      }
    });
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
}

/** Reads until `ok` holds or the (generous) deadline passes, and returns the last value read. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A JSON request to a server process. */
export function send(
  url: string,
  method: string,
  body?: object,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

/**
 * Holds the MQTT broker for one test file's traffic, across the test files that run at once: every
 * DoseDot subscribes to the same topics (each in its share group), so a burst published by one file
 * reaches the servers of another. Resolves with the release; a holder that died is passed over.
 */
export async function holdBroker(ms = 300_000): Promise<() => void> {
  const file = path.join(tmpdir(), 'dosedot-test-broker.lock');
  const mine = `${process.pid} ${randomBytes(6).toString('hex')}`;
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      return () => {
        if (readOwner(file) === mine) rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = Number(readOwner(file)?.split(' ')[0]);
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) rmSync(file, { force: true });
    else if (Date.now() > deadline) throw new Error(`the MQTT broker is held by ${readOwner(file)}`);
    else await new Promise((r) => setTimeout(r, 200));
  }
}

function readOwner(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
