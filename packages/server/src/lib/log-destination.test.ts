import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchedLineWriter, type LineWriterOptions } from './log-destination';

type Write = NonNullable<LineWriterOptions['write']>;

const line = (i: number) => `{"n":${i},"msg":"line ${i} é"}\n`;
const turn = () => new Promise((r) => setImmediate(r));

describe('BatchedLineWriter', () => {
  const files: string[] = [];
  const openFile = () => {
    const file = path.join(fs.mkdtempSync(path.join(tmpdir(), 'dosedot-log-')), 'out.log');
    files.push(file);
    return { file, fd: fs.openSync(file, 'w') };
  };
  afterEach(() => {
    for (const file of files.splice(0)) fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('writes every line, whole and in order, into the file; end() waits for the last of them', async () => {
    const { file, fd } = openFile();
    const out = new BatchedLineWriter(fd, { minChars: 1024 });
    const expected: string[] = [];
    for (let i = 0; i < 2000; i++) {
      expected.push(line(i));
      out.write(line(i));
      if (i % 97 === 0) await turn();
    }
    await out.end();
    fs.closeSync(fd);
    expect(fs.readFileSync(file, 'utf8')).toBe(expected.join(''));
  });

  it('sends many lines in one write, and a lone line within the delay', async () => {
    const { file, fd } = openFile();
    const sizes: number[] = [];
    const write: Write = (f, buffer, offset, length, position, callback) => {
      sizes.push(length);
      fs.write(f, buffer, offset, length, position, callback);
    };
    const out = new BatchedLineWriter(fd, { write, minChars: 4096, maxDelayMs: 20 });
    for (let i = 0; i < 500; i++) out.write(line(i));
    await out.end();
    // About 12 KB in 4 KB batches (and what the last batch left), never a write per line.
    expect(sizes.length).toBeLessThanOrEqual(5);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(fs.statSync(file).size);

    sizes.length = 0;
    out.write(line(1));
    expect(sizes).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 60));
    expect(sizes).toEqual([Buffer.byteLength(line(1))]);
    fs.closeSync(fd);
  });

  it('goes on after a partial write and after the output refused a write for now (EAGAIN)', async () => {
    const { file, fd } = openFile();
    let calls = 0;
    const write: Write = (f, buffer, offset, length, position, callback) => {
      calls++;
      if (calls === 1) {
        const err = Object.assign(new Error('try again'), { code: 'EAGAIN' });
        setImmediate(() => callback(err, 0));
        return;
      }
      // Never more than 7 bytes at a time: a pipe that takes what it has room for.
      fs.write(f, buffer, offset, Math.min(length, 7), position, callback);
    };
    const out = new BatchedLineWriter(fd, { write, retryMs: 1, minChars: 1 });
    const text = [line(1), line(2), line(3)];
    for (const l of text) out.write(l);
    await out.end();
    fs.closeSync(fd);
    expect(fs.readFileSync(file, 'utf8')).toBe(text.join(''));
    expect(calls).toBeGreaterThan(10);
  });

  it('keeps at most maxPendingChars while the output stalls, then says how many lines it dropped', async () => {
    const { file, fd } = openFile();
    let release: (() => void) | undefined;
    let stalled = true;
    const write: Write = (f, buffer, offset, length, position, callback) => {
      const go = () => fs.write(f, buffer, offset, length, position, callback);
      if (stalled) release = go;
      else go();
    };
    const out = new BatchedLineWriter(fd, { write, minChars: 1, maxPendingChars: 100 });
    out.write('{"first":true}\n'); // leaves at once and stalls in the output
    const kept: boolean[] = [];
    for (let i = 0; i < 20; i++) kept.push(out.write(line(i)));
    expect(kept.filter(Boolean).length).toBeGreaterThan(0);
    expect(kept.filter((k) => !k).length).toBeGreaterThan(10);
    stalled = false;
    release?.();
    await out.end();
    fs.closeSync(fd);
    const lines = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const dropped = kept.filter((k) => !k).length;
    expect(lines).toHaveLength(1 + kept.filter(Boolean).length + 1);
    expect(lines.at(-1)).toMatchObject({
      level: 40,
      msg: `${dropped} log lines dropped: the output did not keep up`,
    });
  });

  it('tells a failed write on stderr and goes on with the next lines', async () => {
    const { file, fd } = openFile();
    let calls = 0;
    const write: Write = (f, buffer, offset, length, position, callback) => {
      calls++;
      if (calls === 1)
        setImmediate(() => callback(Object.assign(new Error('disk full'), { code: 'ENOSPC' }), 0));
      else fs.write(f, buffer, offset, length, position, callback);
    };
    const told: string[] = [];
    const stderrWrite = process.stderr.write;
    process.stderr.write = ((chunk: string) => {
      told.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      const out = new BatchedLineWriter(fd, { write, minChars: 1 });
      out.write(line(1));
      await turn();
      out.write(line(2));
      await out.end();
    } finally {
      process.stderr.write = stderrWrite;
    }
    fs.closeSync(fd);
    expect(told.join('')).toContain('DoseDot could not write its log: disk full');
    expect(fs.readFileSync(file, 'utf8')).toBe(line(2));
  });
});
