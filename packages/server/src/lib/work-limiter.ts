import { HttpError } from './errors';

/**
 * Runs at most `concurrency` jobs at once and queues up to `maxWaiting` more; past that it
 * refuses at once with 503 and Retry-After instead of queueing without bound.
 */
export class WorkLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    private readonly retryAfterSeconds = 2,
  ) {}

  get pending(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new HttpError(503, 'ServiceUnavailableError', 'The server is busy, please try again shortly', {
          retryAfter: this.retryAfterSeconds,
        });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next job; otherwise it is freed.
      if (next) next();
      else this.running--;
    }
  }
}
