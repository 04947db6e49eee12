/**
 * Group commit: work items submitted while a commit is under way wait for the next one, and each
 * commit writes every waiting item in one transaction. A caller's promise settles only after the
 * commit that holds its item is durable, so an answer never runs ahead of the disk. If a whole batch
 * fails, its items are tried again one by one, so one bad item fails alone.
 *
 * With `durable` (SQLite: the write-ahead log flushed to disk), a batch's items wait for it after
 * their commit while the next batch is already written: the disk flushes one batch while the event
 * loop reads and writes the next, and one flush covers every batch written before it began.
 */
export class GroupCommit<Item, Result> {
  private queue: { item: Item; resolve: (r: Result) => void; reject: (e: unknown) => void }[] = [];
  private running: Promise<void> | null = null;
  /** Batches committed and waiting for `durable`. */
  private readonly flushing = new Set<Promise<void>>();
  /** Commits and the largest batch so far (for logs and benchmarks). */
  readonly stats = { commits: 0, items: 0, largestBatch: 0 };

  constructor(
    private readonly commit: (items: Item[]) => Promise<Result[]>,
    private readonly maxBatch = 500,
    private readonly durable?: () => Promise<void>,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      // The first item waits one turn of the event loop, so requests that arrived together share it.
      this.running ??= new Promise<void>((done) => setImmediate(done)).then(() => this.flush());
    });
  }

  /** Resolves when everything submitted so far is committed and durable (or failed). */
  async drain(): Promise<void> {
    while (this.running || this.flushing.size > 0) {
      await this.running;
      await Promise.all(this.flushing);
    }
  }

  /** Settles the batch's items once their commit is durable. */
  private settle(batch: typeof this.queue, results: Result[]): void {
    const answer = () =>
      batch.forEach((b, i) => {
        b.resolve(results[i] as Result);
      });
    if (!this.durable) {
      answer();
      return;
    }
    const flushed = this.durable().then(answer, (err: unknown) => {
      for (const b of batch) b.reject(err);
    });
    this.flushing.add(flushed);
    void flushed.finally(() => this.flushing.delete(flushed));
  }

  private async flush(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        this.stats.commits++;
        this.stats.items += batch.length;
        this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
        try {
          this.settle(batch, await this.commit(batch.map((b) => b.item)));
        } catch (err) {
          if (batch.length === 1) batch[0]?.reject(err);
          else await this.oneByOne(batch);
        }
      }
    } finally {
      this.running = null;
    }
  }

  private async oneByOne(batch: typeof this.queue): Promise<void> {
    for (const b of batch) {
      try {
        this.settle([b], await this.commit([b.item]));
      } catch (err) {
        b.reject(err);
      }
    }
  }
}

/**
 * A flush shared by everyone who asks while one is under way: the caller's promise resolves once a
 * flush that began after the call has finished (what was written before the call is then on disk).
 * At most one flush runs and one waits; every caller in between shares the waiting one.
 */
export function sharedFlush(flush: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let waiting: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const p: Promise<void> = flush().finally(() => {
      if (running === p) running = undefined;
    });
    running = p;
    return p;
  };
  return () => {
    if (!running) return start();
    waiting ??= running
      .catch(() => {})
      .then(() => {
        waiting = undefined;
        return start();
      });
    return waiting;
  };
}
