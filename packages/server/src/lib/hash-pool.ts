import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

interface Job {
  resolve: (key: Buffer) => void;
  reject: (err: Error) => void;
}

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keyLength: number;
  maxmem: number;
}

/**
 * Worker threads that run scrypt at the lowest priority (hash-worker.mjs), one per spare core.
 * Started on first use; only a worker with a hash under way keeps the process alive.
 */
export class HashPool {
  private workers: { worker: Worker; busy: number }[] = [];
  private readonly jobs = new Map<number, Job>();
  private next = 0;

  constructor(readonly size = Math.max(1, availableParallelism() - 1)) {}

  private pick() {
    if (this.workers.length < this.size) {
      const worker = new Worker(new URL('./hash-worker.mjs', import.meta.url));
      worker.unref();
      worker.on('message', (m: { id: number; key?: Uint8Array; error?: string }) => {
        const job = this.jobs.get(m.id);
        this.jobs.delete(m.id);
        entry.busy--;
        if (entry.busy === 0) worker.unref();
        if (m.key) job?.resolve(Buffer.from(m.key));
        else job?.reject(new Error(m.error ?? 'hashing failed'));
      });
      worker.on('error', (err) => {
        for (const job of this.jobs.values()) job.reject(err);
        this.jobs.clear();
        this.workers = this.workers.filter((w) => w !== entry);
      });
      const entry = { worker, busy: 0 };
      this.workers.push(entry);
      return entry;
    }
    return this.workers.reduce((a, b) => (b.busy < a.busy ? b : a));
  }

  scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
    const id = this.next++;
    const entry = this.pick();
    // A worker with work keeps the process alive (a seed before listen has nothing else).
    if (entry.busy++ === 0) entry.worker.ref();
    return new Promise((resolve, reject) => {
      this.jobs.set(id, { resolve, reject });
      entry.worker.postMessage({ id, password, salt, ...params });
    });
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((w) => w.worker.terminate()));
  }
}
