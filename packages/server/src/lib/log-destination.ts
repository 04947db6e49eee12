import fs from 'node:fs';

type WriteFn = (
  fd: number,
  buffer: Buffer,
  offset: number,
  length: number,
  position: null,
  callback: (err: NodeJS.ErrnoException | null, written: number) => void,
) => void;

export interface LineWriterOptions {
  /** Lines kept while the output does not keep up; past this, lines are counted and dropped. */
  maxPendingChars?: number;
  /** The write call (fs.write); a test passes one that writes slowly, partly or fails. */
  write?: WriteFn;
  /** Wait before a write the output refused for now (EAGAIN) is tried again. */
  retryMs?: number;
  /** A write starts once this many characters wait... */
  minChars?: number;
  /** ...or this long after the first of them was written. */
  maxDelayMs?: number;
}

/**
 * Where the server's log lines go (stdout, a file descriptor), written off the event loop on
 * libuv's threads, many lines to a write: a write starts once 16 KB of lines wait, or 100 ms after
 * the first of them, and lines written while it is under way leave together in the next one. Under
 * load that is one system call for some seventy requests and no work per line beyond keeping the
 * string. (pino's own destination re-measured and re-joined its growing buffer on every line, and
 * a write per turn of the loop handed the core to a libuv thread every other request: together a
 * fifth of a read request's cost.)
 *
 * When the output stalls (a full pipe), at most `maxPendingChars` wait; further lines are dropped
 * and counted, and a line saying how many follows them once the output takes lines again. `end()`
 * waits until everything has left.
 */
export class BatchedLineWriter {
  private pending: string[] = [];
  private pendingChars = 0;
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private readonly maxPendingChars: number;
  private readonly minChars: number;
  private readonly maxDelayMs: number;
  private readonly writeFn: WriteFn;
  private readonly retryMs: number;

  constructor(
    private readonly fd: number,
    options: LineWriterOptions = {},
  ) {
    this.maxPendingChars = options.maxPendingChars ?? 8 * 1024 * 1024;
    this.minChars = options.minChars ?? 16 * 1024;
    this.maxDelayMs = options.maxDelayMs ?? 100;
    this.writeFn = options.write ?? fs.write;
    this.retryMs = options.retryMs ?? 10;
  }

  write(line: string): boolean {
    if (this.pendingChars + line.length > this.maxPendingChars) {
      this.dropped++;
      return false;
    }
    this.pending.push(line);
    this.pendingChars += line.length;
    if (!this.inFlight) this.startOrWait();
    return true;
  }

  /** Resolves when every line written so far has left (or failed to: that is told on stderr). */
  async end(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.inFlight || this.pending.length > 0 || this.dropped > 0) {
      if (!this.inFlight) this.startWrite();
      await this.inFlight;
    }
  }

  /** With no write under way: one starts when enough waits, else the timer is set. */
  private startOrWait() {
    if (this.pendingChars >= this.minChars) this.startWrite();
    else if (this.timer === undefined && (this.pending.length > 0 || this.dropped > 0))
      this.timer = setTimeout(this.onTimer, this.maxDelayMs).unref();
  }

  private readonly onTimer = () => {
    this.timer = undefined;
    if (!this.inFlight) this.startWrite();
  };

  private startWrite() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.dropped > 0) {
      this.pending.push(
        `{"level":40,"time":${Date.now()},"msg":"${this.dropped} log lines dropped: the output did not keep up"}\n`,
      );
      this.dropped = 0;
    }
    if (this.pending.length === 0) return;
    const chunk = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingChars = 0;
    this.inFlight = this.writeAll(chunk).then(
      () => this.afterWrite(),
      (err: Error) => {
        // Nowhere else to tell it: the log itself is what failed.
        process.stderr.write(`DoseDot could not write its log: ${err.message}\n`);
        this.afterWrite();
      },
    );
  }

  private afterWrite() {
    this.inFlight = undefined;
    this.startOrWait();
  }

  private writeAll(chunk: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      const from = (offset: number) =>
        this.writeFn(this.fd, chunk, offset, chunk.length - offset, null, (err, written) => {
          if (err?.code === 'EAGAIN') setTimeout(() => from(offset), this.retryMs);
          else if (err) reject(err);
          else if (offset + written < chunk.length) from(offset + written);
          else resolve();
        });
      from(0);
    });
  }
}
