import { Piscina } from 'piscina';
import { HttpError } from './errors';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keyLength: number;
  maxmem: number;
}

export interface HashPoolOptions {
  /** Hashes running at once, each in its own worker thread. */
  threads: number;
  /** Hashes waiting for a thread; past that a hash is refused with 503 at once. */
  maxWaiting: number;
  /** The Retry-After of that refusal, in seconds. */
  retryAfterSeconds?: number;
}

/**
 * scrypt in worker threads at the lowest CPU priority (hash-worker.mjs), on piscina: at most
 * `threads` at once, a bounded queue behind them, and past it a 503 with Retry-After instead of
 * queueing without bound. Threads start on first use and end after a minute idle, so a process
 * that never hashes (most test files) starts none.
 */
export class HashPool {
  private pool: Piscina | undefined;

  constructor(private readonly options: HashPoolOptions) {}

  private get piscina(): Piscina {
    this.pool ??= new Piscina({
      filename: new URL('./hash-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.options.threads,
      idleTimeout: 60_000,
    });
    return this.pool;
  }

  /** Hashes computed so far. */
  get completed(): number {
    return this.pool?.completed ?? 0;
  }

  /** Hashes waiting for a thread. */
  get waiting(): number {
    return this.pool?.queueSize ?? 0;
  }

  async scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
    const piscina = this.piscina;
    if (piscina.queueSize >= this.options.maxWaiting) {
      throw new HttpError(503, 'ServiceUnavailableError', 'The server is busy, please try again shortly', {
        retryAfter: this.options.retryAfterSeconds ?? 2,
      });
    }
    const key: Uint8Array = await piscina.run({ password, salt, ...params });
    return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.close({ force: true });
  }
}
