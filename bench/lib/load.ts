import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const run = promisify(execFile);

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  /** A POST with this JSON body (GET without). */
  body?: string;
}

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));
/** The load generator: wrk (C, one thread) when installed, else autocannon (Node). */
export const GENERATOR = process.env.BENCH_GENERATOR ?? (WRK ? 'wrk' : 'autocannon');

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const ms = (value = '', unit = '') => Number(value) * (UNIT_MS[unit] ?? Number.NaN);

/** A wrk script that sends every request as a POST of `body` (wrk's own way: a Lua script). */
function postScript(body: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dosedot-wrk-'));
  const file = path.join(dir, 'post.lua');
  writeFileSync(
    file,
    `wrk.method = "POST"\nwrk.body = ${JSON.stringify(body)}\nwrk.headers["Content-Type"] = "application/json"\n`,
  );
  return file;
}

async function withWrk(o: LoadOptions): Promise<LoadResult> {
  const args = ['-t1', `-c${o.connections}`, `-d${o.seconds}s`, '--latency', o.url];
  for (const [k, v] of Object.entries(o.headers ?? {})) args.push('-H', `${k}: ${v}`);
  const script = o.body === undefined ? undefined : postScript(o.body);
  if (script) args.push('-s', script);
  const { stdout } = await run(WRK ?? 'wrk', args, { maxBuffer: 1 << 20 }).finally(() => {
    if (script) rmSync(path.dirname(script), { recursive: true, force: true });
  });
  const pct = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)`, 'm').exec(stdout);
    return m ? ms(m[1], m[2]) : Number.NaN;
  };
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  return { rps, p50: pct('50'), p99: pct('99'), non2xx };
}

async function withAutocannon(o: LoadOptions): Promise<LoadResult> {
  const r = await autocannon({
    url: o.url,
    headers: o.body === undefined ? o.headers : { ...o.headers, 'content-type': 'application/json' },
    ...(o.body === undefined ? {} : { method: 'POST' as const, body: o.body }),
    connections: o.connections,
    duration: o.seconds,
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

/** Load from a separate process (wrk) or this one (autocannon), for `seconds`. */
export function load(o: LoadOptions): Promise<LoadResult> {
  return GENERATOR === 'wrk' && WRK ? withWrk(o) : withAutocannon(o);
}

/** A warm-up whose figures are discarded, then the measured run. */
export async function measure(o: LoadOptions, warmupSeconds: number): Promise<LoadResult> {
  if (warmupSeconds > 0) await load({ ...o, seconds: warmupSeconds });
  return load(o);
}
