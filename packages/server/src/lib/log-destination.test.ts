import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedOutput } from './log-destination';

// The descriptors stay open: the destination's periodic flush outlives a test, as stdout outlives the app.
describe('bufferedOutput', () => {
  it('keeps lines until enough wait, and has every line out, in order, by end()', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'log-')), 'out.log');
    const fd = openSync(file, 'w');
    const out = bufferedOutput(fd);
    const lines = Array.from({ length: 2000 }, (_, i) => `{"n":${i}}\n`);
    for (const line of lines) out.stream.write(line);
    await out.end();
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
  });

  it('lets a lone line leave within the periodic flush, without end()', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'log-')), 'out.log');
    const fd = openSync(file, 'w');
    const out = bufferedOutput(fd);
    out.stream.write('{"msg":"listening"}\n');
    expect(readFileSync(file, 'utf8')).toBe('');
    await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 2000 }).toBe('{"msg":"listening"}\n');
    await out.end();
  });
});
