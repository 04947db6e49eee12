import { hostname } from 'node:os';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from './context';

/** A log stream that keeps each line, parsed (a line that is not JSON fails the test). */
function collectLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

/** The log: one line per request, with what an operator needs and nothing secret. */
describe('request log', () => {
  const { lines, stream } = collectLines();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      logger: { level: 'info', stream },
      routes: (app) => {
        app.get('/api/test/warns', async (request) => {
          request.log.warn({ detail: 'odd' }, 'something odd');
          return { ok: true };
        });
        app.get('/api/test/fails', async () => {
          throw new Error('boom');
        });
      },
    });
  });
  afterAll(() => t.close());

  const linesFor = (url: string) =>
    lines.filter((l) => l.url === url || (l.req as { url?: string })?.url === url);

  it('writes one line per answered request: id, method, URL, address, status and time, never the token', async () => {
    const { jwt } = await registerUser(t.app);
    lines.length = 0;
    const res = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${jwt}` } });
    expect(res.statusCode).toBe(200);
    const mine = linesFor('/api/users/me');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: expect.any(String),
      method: 'GET',
      url: '/api/users/me',
      ip: '127.0.0.1',
      statusCode: 200,
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toContain(jwt);
  });

  it('writes the answered line as pino writes its own lines: the same base fields, valid JSON for any URL', async () => {
    const { jwt } = await registerUser(t.app);
    lines.length = 0;
    // A backslash reaches the log as it came (JSON escapes it); quotes and accents arrive encoded.
    const url = '/api/users/me?note=%22quoted%22\\back%C3%A9';
    const before = Date.now();
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${jwt}` } });
    expect(res.statusCode).toBe(200);
    const [answered, ...more] = lines.filter((l) => l.msg === 'request completed');
    expect(more).toHaveLength(0);
    expect(Object.keys(answered ?? {})).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'method',
      'url',
      'ip',
      'statusCode',
      'responseTime',
      'msg',
    ]);
    expect(answered).toMatchObject({ url, pid: process.pid, hostname: hostname() });
    expect(answered?.time).toBeGreaterThanOrEqual(before);
    expect(answered?.time).toBeLessThanOrEqual(Date.now());
  });

  it('binds the request id to what a handler logs, and logs a failure with its error beside the answered line', async () => {
    lines.length = 0;
    await t.app.inject({ url: '/api/test/warns' });
    const warned = lines.find((l) => l.msg === 'something odd');
    const done = linesFor('/api/test/warns').find((l) => l.msg === 'request completed');
    expect(warned).toMatchObject({ level: 40, detail: 'odd', reqId: done?.reqId });

    lines.length = 0;
    expect((await t.app.inject({ url: '/api/test/fails' })).statusCode).toBe(500);
    const failed = lines.find((l) => l.msg === 'request failed');
    const answered = linesFor('/api/test/fails').find((l) => l.msg === 'request completed');
    expect(answered).toMatchObject({ level: 30, statusCode: 500 });
    expect(failed).toMatchObject({ level: 50, reqId: answered?.reqId });
    expect((failed?.err as { message?: string })?.message).toBe('boom');
  });
});

describe('request log at level warn', () => {
  const { lines, stream } = collectLines();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      logger: { level: 'warn', stream },
      routes: (app) => {
        app.get('/api/test/warns', async (request) => {
          request.log.warn('something odd');
          return { ok: true };
        });
      },
    });
  });
  afterAll(() => t.close());

  it('writes no line for an answered request, and still the warnings', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/test/warns' })).statusCode).toBe(200);
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(0);
    expect(lines.filter((l) => l.msg === 'something odd')).toHaveLength(1);
  });
});
