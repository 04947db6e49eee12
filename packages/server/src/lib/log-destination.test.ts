import { execFileSync } from 'node:child_process';
import { constants, createReadStream, mkdtempSync, openSync, readFileSync } from 'node:fs';
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

describe('bufferedOutput when the output stalls', () => {
  it('drops lines past 8 MB waiting, and says how many once the output takes lines again', async () => {
    // A named pipe nobody reads yet: its 64 KB fill, then every write waits.
    const dir = mkdtempSync(path.join(tmpdir(), 'log-'));
    const fifo = path.join(dir, 'out.fifo');
    execFileSync('mkfifo', [fifo]);
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    const out = bufferedOutput(fd);
    const line = `${JSON.stringify({ msg: 'x'.repeat(1000) })}\n`;
    // 20 MB of lines: the first 8 MB wait, the rest is dropped.
    const lines = 20_000;
    // Written before any write can finish: what does not fit is dropped here and now.
    for (let i = 0; i < lines; i++) out.stream.write(line);
    // Now read everything: the waiting lines leave, then the line that counts the dropped ones.
    const reader = createReadStream('', { fd: openSync(fifo, 'r') });
    let text = '';
    reader.on('data', (chunk) => {
      text += chunk.toString();
    });
    const dropped = () =>
      Number(/"msg":"(\d+) log lines dropped: the output did not keep up"/.exec(text)?.[1] ?? 0);
    const kept = () => text.split('\n').filter((l) => l.includes('"x')).length;
    // Every line comes out or is counted as dropped (the last lines, fewer than a batch, leave with the
    // periodic hand-over, maybe after the count); and some were dropped.
    await expect.poll(() => kept() + dropped(), { timeout: 10_000 }).toBe(lines);
    expect(dropped()).toBeGreaterThan(0);
    reader.destroy();
  }, 20_000);
});
