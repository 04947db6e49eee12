// `node --import tsx bench/cpu-per-request.ts [route] [seconds]`: the CPU time the production
// server spends per answered request (user + system time of all its threads, from /proc), the
// demo patient signed in, wrk at 10 connections, three runs after a warm-up. Unlike requests per
// second it hardly moves when other work shares the machine, so it compares two builds of the
// server (A/B: build one, measure, build the other, measure, and again) on a busy machine.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startDoseDot } from './lib/processes';

const route = process.argv[2] ?? '/api/users/me';
const seconds = Number(process.argv[3] ?? 5);
const server = await startDoseDot();
const login = (await (
  await fetch(`${server.url}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'anna.muster@dosedot.local', password: 'DoseDot-demo-2026' }),
  })
).json()) as { jwt: string };
/** utime + stime of the server process in clock ticks (100 per second). */
const ticks = () => {
  const stat = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const load = (d: number) =>
  execFileSync('wrk', [
    '-c10',
    '-t1',
    `-d${d}s`,
    '-H',
    `Authorization: Bearer ${login.jwt}`,
    server.url + route,
  ]).toString();
load(2);
const perRequest: number[] = [];
for (let i = 0; i < 3; i++) {
  const before = ticks();
  const out = load(seconds);
  const used = ticks() - before;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  perRequest.push(((used / 100) * 1e6) / requests);
}
perRequest.sort((a, b) => a - b);
console.log(
  `${route}: ${perRequest.map((r) => r.toFixed(1)).join(' / ')} µs CPU per request (median ${perRequest[1]?.toFixed(1)})`,
);
await server.stop();
